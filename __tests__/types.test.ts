import {
  endpoint,
  type EndpointInterface,
  type MergedOptions,
  type RequestOptions,
  type OptionalParameters,
  type RequiredParameters,
  type Route,
  type RouteParameters,
} from "../lib/index.js";

// These lines are checked by `tsc --noEmit` (npm test); the `@ts-expect-error` ones must not compile.
describe("TypeScript overloads", () => {
  test("both call forms type-check and return request options", () => {
    const fromRoute: RequestOptions = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    const fromOptions: RequestOptions = endpoint({ method: "POST", url: "/markdown", text: "x" });
    const merged: MergedOptions = endpoint.merge("GET /user");
    const parsed: RequestOptions = endpoint.parse(merged);
    const child: EndpointInterface = endpoint.defaults({ per_page: 100 });
    const route: Route = "/user";
    expect([fromRoute.method, fromOptions.method, merged.method, parsed.method, child("GET /").method, endpoint(route).url]).toEqual([
      "get",
      "post",
      "GET",
      "get",
      "get",
      "https://api.github.com/user",
    ]);
  });

  test("calls without a URL, or of the wrong shape, do not compile", () => {
    // @ts-expect-error the options form needs a url (at run time a missing url means "/")
    expect(endpoint({ method: "GET" }).url).toBe("https://api.github.com/");
    const calls = [
      // @ts-expect-error a route is "<METHOD> <URL>" or a URL, not a bare word
      () => endpoint("repos"),
      // @ts-expect-error a number is not a route
      () => endpoint(42),
      // @ts-expect-error previews are an array of names
      () => endpoint("GET /", { mediaType: { previews: "mercy" } }),
      // @ts-expect-error DEFAULTS is read-only
      () => (endpoint.DEFAULTS = { ...endpoint.DEFAULTS }),
    ];
    for (const call of calls) expect(call).toThrow(TypeError);
    expect(calls).toHaveLength(4);
  });
});

// Route-aware types: the route literal is parsed at type level (lib/types.ts, RouteParameters).
describe("route-aware types", () => {
  const call = (run: () => unknown): string => {
    try {
      return (run() as { url: string }).url;
    } catch (error) {
      return (error as { code: string }).code;
    }
  };

  test("parameters the template needs are required; the options argument exactly when one is", () => {
    const outcomes = [
      call(() => endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })),
      // @ts-expect-error `owner` is required by {owner}
      call(() => endpoint("GET /repos/{owner}/{repo}", { repo: "r" })),
      // @ts-expect-error the options are required when the template needs a parameter
      call(() => endpoint("GET /repos/{owner}/{repo}")),
      // @ts-expect-error :name placeholders are required too
      call(() => endpoint("GET /repos/:owner/:repo", { owner: "o" })),
      // @ts-expect-error so are {+x} and {#x}
      call(() => endpoint("GET /a/{+path}{#frag}", { path: "p" })),
      call(() => endpoint("GET /user")),
      call(() => endpoint("GET /search/issues{?q,per_page}")),
      call(() => endpoint("GET /a{/rest*}{;m}{.ext}{?q}{&p}", { q: "x" })),
      // @ts-expect-error the options form is typed by its url the same way
      call(() => endpoint({ method: "GET", url: "/orgs/{org}" })),
      call(() => endpoint({ method: "GET", url: "/orgs/{org}", org: "octokit" })),
    ];
    expect(outcomes).toEqual([
      "https://api.github.com/repos/o/r",
      "MISSING_PARAMETER",
      "MISSING_PARAMETER",
      "MISSING_PARAMETER",
      "https://api.github.com/a/p",
      "https://api.github.com/user",
      "https://api.github.com/search/issues",
      "https://api.github.com/a?q=x",
      "MISSING_PARAMETER",
      "https://api.github.com/orgs/octokit",
    ]);
  });

  test("unknown keys stay allowed; values are typed", () => {
    expect(endpoint("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", labels: ["bug"], anything: 1 }).url).toBe(
      "https://api.github.com/repos/o/r/issues?labels=bug&anything=1",
    );
    // @ts-expect-error a path value is a scalar, a flat list or a flat object, not a function
    expect(call(() => endpoint("GET /repos/{owner}", { owner: () => "o" }))).toBe("INVALID_PARAMETER");
  });

  test("defaults() makes what it was given optional, and accumulates along the chain", () => {
    const octokit = endpoint.defaults({ owner: "octokit" });
    const restJs = octokit.defaults({ repo: "rest.js" });
    expect([
      octokit("GET /repos/{owner}/{repo}", { repo: "rest.js" }).url,
      restJs("GET /repos/{owner}/{repo}").url,
      octokit("GET /repos/{owner}/{repo}", { owner: "other", repo: "r" }).url,
    ]).toEqual([
      "https://api.github.com/repos/octokit/rest.js",
      "https://api.github.com/repos/octokit/rest.js",
      "https://api.github.com/repos/other/r",
    ]);
    // @ts-expect-error `repo` is still required
    expect(call(() => octokit("GET /repos/{owner}/{repo}", {}))).toBe("MISSING_PARAMETER");
  });

  test("a route that is not a literal requires nothing", () => {
    const route: Route = "GET /repos/{owner}";
    expect(call(() => endpoint(route))).toBe("MISSING_PARAMETER");
    const built = `GET /orgs/{${["org"].join("")}}` as const;
    expect(call(() => endpoint(built))).toBe("MISSING_PARAMETER");
  });

  test("the TSDoc examples of RequiredParameters and OptionalParameters give what they show", () => {
    type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    const needed: Equal<RequiredParameters<"GET /repos/{owner}/{repo}/issues{?state}">, "owner" | "repo"> = true;
    const optional: Equal<OptionalParameters<"GET /repos/{owner}/{repo}/issues{?state,per_page}">, "state" | "per_page"> = true;
    const none: Equal<RequiredParameters<string>, never> = true;
    expect([needed, optional, none]).toEqual([true, true, true]);
  });

  test("100 placeholders type-check without TS2589 (excessively deep)", () => {
    type Hundred =
      "GET /{p0}/{p1}/{p2}/{p3}/{p4}/{p5}/{p6}/{p7}/{p8}/{p9}/{p10}/{p11}/{p12}/{p13}/{p14}/{p15}/{p16}/{p17}/{p18}/{p19}/{p20}/{p21}/{p22}/{p23}/{p24}/{p25}/{p26}/{p27}/{p28}/{p29}/{p30}/{p31}/{p32}/{p33}/{p34}/{p35}/{p36}/{p37}/{p38}/{p39}/{p40}/{p41}/{p42}/{p43}/{p44}/{p45}/{p46}/{p47}/{p48}/{p49}/{p50}/{p51}/{p52}/{p53}/{p54}/{p55}/{p56}/{p57}/{p58}/{p59}/{p60}/{p61}/{p62}/{p63}/{p64}/{p65}/{p66}/{p67}/{p68}/{p69}/{p70}/{p71}/{p72}/{p73}/{p74}/{p75}/{p76}/{p77}/{p78}/{p79}/{p80}/{p81}/{p82}/{p83}/{p84}/{p85}/{p86}/{p87}/{p88}/{p89}/{p90}/{p91}/{p92}/{p93}/{p94}/{p95}/{p96}/{p97}/{p98}/{p99}";
    const route = Array.from({ length: 100 }, (_, i) => `{p${i}}`).join("/");
    const parameters = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, i])) as RouteParameters<Hundred>;
    expect(endpoint(`GET /${route}` as Hundred, parameters).url).toBe(
      `https://api.github.com/${Array.from({ length: 100 }, (_, i) => i).join("/")}`,
    );
    const required: RequiredParameters<Hundred> = "p99";
    expect(required).toBe("p99");
  });
});

import type { Routes as ApiGithubCom } from "rest-endpoint/routes/api.github.com";
import type { Routes as Ghes319 } from "rest-endpoint/routes/ghes-3.19";
import {
  endpoint,
  type ArgumentsOf,
  type FormatOption,
  type DataRule,
  type EndpointInterface,
  type MappedParameters,
  type EndpointParameters,
  type OptionsOf,
  type ParametersOf,
  type Refusal,
  type RequiredKeys,
  type MergedOptions,
  type RequestOptions,
  type OptionalParameters,
  type RequiredParameters,
  type Route,
  type RouteParameters,
  type RouteMap,
  type UnmappedRoutes,
} from "../../lib/index.js";
import { OPTIONS, type OptionName } from "../../lib/core/options.js";
import { compileTemplate } from "../../lib/core/template.js";

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
      // @ts-expect-error a mediaType field is a name or a list of names, not numbers
      () => endpoint("GET /", { mediaType: { previews: [1] } }),
      // @ts-expect-error DEFAULTS is read-only
      () => (endpoint.DEFAULTS = { ...endpoint.DEFAULTS }),
    ];
    // And each is refused at run time too: by the code of its EndpointError, or by the frozen DEFAULTS.
    expect(calls.map((run) => call(run))).toEqual(["INVALID_URL", "INVALID_ROUTE", "INVALID_MEDIA_TYPE", undefined]);
    expect(calls[3]).toThrow(/^Cannot set property DEFAULTS of .* which has only a getter$/s);
  });
});

/** A call's URL, or the code of the EndpointError it throws: what each typed line does at run time. */
function call(run: () => unknown): string {
  try {
    return (run() as { url: string }).url;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

// Route-aware types: the route literal is parsed at type level (lib/core/types.ts, RouteParameters).
describe("route-aware types", () => {
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
    const needed: Equal<RequiredParameters<"GET /repos/{owner}/{repo}/issues{?state}">, "owner" | "repo"> = true;
    const optional: Equal<OptionalParameters<"GET /repos/{owner}/{repo}/issues{?state,per_page}">, "state" | "per_page"> = true;
    const none: Equal<RequiredParameters<string>, never> = true;
    expect([needed, optional, none]).toEqual([true, true, true]);
  });

  test("100 placeholders type-check without TS2589 (excessively deep)", () => {
    type Hundred =
      "GET /{p0}/{p1}/{p2}/{p3}/{p4}/{p5}/{p6}/{p7}/{p8}/{p9}/{p10}/{p11}/{p12}/{p13}/{p14}/{p15}/{p16}/{p17}/{p18}/{p19}/{p20}/{p21}/{p22}/{p23}/{p24}/{p25}/{p26}/{p27}/{p28}/{p29}/{p30}/{p31}/{p32}/{p33}/{p34}/{p35}/{p36}/{p37}/{p38}/{p39}/{p40}/{p41}/{p42}/{p43}/{p44}/{p45}/{p46}/{p47}/{p48}/{p49}/{p50}/{p51}/{p52}/{p53}/{p54}/{p55}/{p56}/{p57}/{p58}/{p59}/{p60}/{p61}/{p62}/{p63}/{p64}/{p65}/{p66}/{p67}/{p68}/{p69}/{p70}/{p71}/{p72}/{p73}/{p74}/{p75}/{p76}/{p77}/{p78}/{p79}/{p80}/{p81}/{p82}/{p83}/{p84}/{p85}/{p86}/{p87}/{p88}/{p89}/{p90}/{p91}/{p92}/{p93}/{p94}/{p95}/{p96}/{p97}/{p98}/{p99}";
    const route = Array.from({ length: 100 }, (_, i) => `{p${i}}`).join("/");
    const parameters = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, i])) as Record<
      RequiredParameters<Hundred>,
      number
    >;
    expect(endpoint(`GET /${route}` as Hundred, parameters).url).toBe(
      `https://api.github.com/${Array.from({ length: 100 }, (_, i) => i).join("/")}`,
    );
    const required: RequiredParameters<Hundred> = "p99";
    expect(required).toBe("p99");
  });
});

describe("one grammar for a variable name: the runtime, the CLI and the types agree", () => {
  type Names<R extends string> = RequiredParameters<R> | OptionalParameters<R>;
  // Each row: a route, the names the runtime reads from it, and the same names checked at type level.
  const rows: [route: string, names: string[], types: true][] = [
    ["GET /a/:b~c", ["b"], true satisfies Equal<Names<"GET /a/:b~c">, "b">],
    ["GET /a/:b.c", ["b"], true satisfies Equal<Names<"GET /a/:b.c">, "b">],
    ["GET /a/:b%41", ["b"], true satisfies Equal<Names<"GET /a/:b%41">, "b">],
    ["GET /a/:b:c", ["b"], true satisfies Equal<Names<"GET /a/:b:c">, "b">],
    ["GET /a/:b-c/d", ["b-c"], true satisfies Equal<Names<"GET /a/:b-c/d">, "b-c">],
    ["GET /a/:_x", ["_x"], true satisfies Equal<Names<"GET /a/:_x">, "_x">],
    ["GET /a/:1x", [], true satisfies Equal<Names<"GET /a/:1x">, never>],
    ["GET /a/{b}:c", ["b"], true satisfies Equal<Names<"GET /a/{b}:c">, "b">],
    ["GET /x?q=/:octokit", [], true satisfies Equal<Names<"GET /x?q=/:octokit">, never>],
    ["GET /a/{a.b}", ["a.b"], true satisfies Equal<Names<"GET /a/{a.b}">, "a.b">],
    ["GET /a/{a-b}", ["a-b"], true satisfies Equal<Names<"GET /a/{a-b}">, "a-b">],
    ["GET /a/{%41}", ["%41"], true satisfies Equal<Names<"GET /a/{%41}">, "%41">],
    ["GET /a{?b,c*}{&d:3}", ["b", "c", "d"], true satisfies Equal<Names<"GET /a{?b,c*}{&d:3}">, "b" | "c" | "d">],
  ];

  test.each(rows)("%s names %j", (route, names) => {
    expect([...compileTemplate(route.slice(route.indexOf(" ") + 1)).names].sort()).toEqual(names);
  });
});

describe("one table of option names", () => {
  test("the types' named options are the runtime's OPTIONS", () => {
    type Named<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
    // Checked by tsc (npm test's typecheck): a type that differs fails to compile.
    holds<Equal<Named<EndpointParameters>, OptionName>>();
    expect(Object.keys(OPTIONS)).toEqual(["method", "url", "baseUrl", "headers", "mediaType", "data", "request"]);
    // The route-map generator reads the same table: generate.test.ts, "a body with a key named like an option …".
  });
});

describe("types that catch what the runtime refuses", () => {
  test("a route typed `string` (an SDK's own wrapper) takes any options", () => {
    const call = (route: string, parameters: EndpointParameters): RequestOptions => endpoint(route, parameters);
    const merged = (route: string, parameters?: EndpointParameters): MergedOptions => endpoint.merge(route, parameters);
    expect([call("GET /orgs/{org}", { org: "octokit" }).url, merged("GET /x").url]).toEqual(["https://api.github.com/orgs/octokit", "/x"]);
  });

  test("`data` where the method carries no content, and `method` or `url` next to a route string, are type errors", () => {
    const outcomes = [
      // @ts-expect-error GET carries no content
      call(() => endpoint("GET /x", { data: "d" })),
      // @ts-expect-error nor does HEAD, in any case
      call(() => endpoint("head /x", { data: "d" })),
      // @ts-expect-error a URL alone means GET
      call(() => endpoint("/x", { data: "d" })),
      // @ts-expect-error the options form: GET by default
      call(() => endpoint({ url: "/x", data: "d" })),
      // @ts-expect-error the options form: OPTIONS carries no content
      call(() => endpoint({ method: "OPTIONS", url: "/x", data: "d" })),
      // @ts-expect-error the route gives the url
      call(() => endpoint("GET /a", { url: "/b" })),
      // @ts-expect-error the route gives the method
      call(() => endpoint("GET /a", { method: "POST" })),
      call(() => endpoint("patch /x", { data: "d" })),
      call(() => endpoint({ method: "PUT", url: "/x", data: "d" })),
    ];
    expect(outcomes).toEqual([
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "INVALID_OPTIONS",
      "https://api.github.com/x",
      "https://api.github.com/x",
    ]);
  });

  // How tsc reports a wrong call (one error, at the parameter): types.slow.test.ts, which runs tsc.
});

/**
 * Whether A and B are the same type: mutual assignability is not enough (`any` is assignable both
 * ways to anything), so the two are compared as TypeScript compares generic signatures, exactly.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the comparison needs a signature of its own T
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** A compile-time assertion: `holds<Equal<A, B>>()` compiles only where the types are the same. */
const holds = <T extends true>(): T[] => [];

// Route maps (rest-endpoint/routes/<target>, generated by scripts/generate-routes.mjs): imported
// through the package's own exports, as a user imports them.
describe("route maps", () => {
  const baseUrl = "https://github.example.com/api/v3";
  const ghes: EndpointInterface<Ghes319> = endpoint.defaults({ baseUrl });
  const github: EndpointInterface<ApiGithubCom> = endpoint;

  test("a map plugs in by annotation, and types parameters by the route's operation", () => {
    const outcomes = [
      call(() =>
        ghes("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2, labels: ["bug", "ui"], since: new Date(0) }),
      ),
      // @ts-expect-error `owner` is missing
      call(() => ghes("GET /repos/{owner}/{repo}/issues", { repo: "r" })),
      // @ts-expect-error `per_page` is a number under the map
      call(() => ghes("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "many" })),
      // @ts-expect-error `state` is one of "open", "closed", "all"
      call(() => github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "shut" })),
      // @ts-expect-error a key the route does not take is a type error: it would be sent as written
      call(() => github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: undefined, per_pag: 1 })),
      // a body that is not a JSON object goes under `data`
      call(() => github("POST /markdown/raw", { data: "# x", headers: { "content-type": "text/plain" } })),
      // @ts-expect-error a required body property is required
      call(() => github("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", body: "no title" })),
    ];
    expect(outcomes).toEqual([
      `${baseUrl}/repos/o/r/issues?per_page=2&labels=bug,ui&since=1970-01-01T00%3A00%3A00.000Z`,
      "MISSING_PARAMETER",
      `${baseUrl}/repos/o/r/issues?per_page=many`,
      "https://api.github.com/repos/o/r/issues?state=shut",
      "https://api.github.com/repos/o/r/issues?per_pag=1",
      "https://api.github.com/markdown/raw",
      "https://api.github.com/repos/o/r/issues",
    ]);
  });

  test("a body of several shapes (GitHub's oneOf) takes their properties, merged, at the top level", () => {
    const route = "PUT /repos/{owner}/{repo}/issues/{issue_number}/labels";
    const outcomes = [
      github(route, { owner: "o", repo: "r", issue_number: 1, labels: ["bug"] }).body,
      github(route, { owner: "o", repo: "r", issue_number: 1, labels: [{ name: "bug" }] }).body,
      // @ts-expect-error labels are names or { name } objects
      github(route, { owner: "o", repo: "r", issue_number: 1, labels: [1] }).body,
      github("POST /user/emails", { emails: ["mona@example.com"] }).body,
      // @ts-expect-error `emails` is required by the one shape GitHub describes
      call(() => github("POST /user/emails", { email: "mona@example.com" })),
    ];
    expect(outcomes).toEqual([
      { labels: ["bug"] },
      { labels: [{ name: "bug" }] },
      { labels: [1] },
      { emails: ["mona@example.com"] },
      "https://api.github.com/user/emails",
    ]);
  });

  test("defaults() makes what it was given optional under a map too", () => {
    const octokit = github.defaults({ owner: "octokit" });
    expect(octokit("GET /repos/{owner}/{repo}/issues", { repo: "rest.js", per_page: 100 }).url).toBe(
      "https://api.github.com/repos/octokit/rest.js/issues?per_page=100",
    );
    const given: EndpointInterface<ApiGithubCom, "owner"> = endpoint.defaults({ owner: "octokit" });
    // @ts-expect-error `per_page` is still typed
    expect(call(() => given("GET /repos/{owner}/{repo}/issues", { repo: "rest.js", per_page: [1] }))).toBe(
      "https://api.github.com/repos/octokit/rest.js/issues?per_page=1",
    );
  });

  test("a GHES-only route is typed under the GHES map, refused under api.github.com's, typed from its template with UnmappedRoutes", () => {
    const user = { login: "monalisa", email: "m@example.com" };
    expect(ghes("POST /admin/users", user).url).toBe(`${baseUrl}/admin/users`);
    // @ts-expect-error `login` is required by GHES's description
    expect(ghes("POST /admin/users", { email: "m@example.com" }).body).toEqual({ email: "m@example.com" });
    // @ts-expect-error api.github.com has no such operation
    expect(github("POST /admin/users", { email: "m@example.com" }).body).toEqual({ email: "m@example.com" });
    // The opt-in: routes the map lacks are typed from their template, the map's own stay exact.
    const open: EndpointInterface<ApiGithubCom & UnmappedRoutes> = endpoint;
    expect(open("POST /admin/users", { email: "m@example.com" }).body).toEqual({ email: "m@example.com" });
    // @ts-expect-error still exact on the map's routes
    expect(open("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pag: 1 }).url).toBe(
      "https://api.github.com/repos/o/r/issues?per_pag=1",
    );
    // GHES's Manage API is on the installation's own origin: the map writes it `{origin}`
    expect(ghes("GET {origin}/manage/v1/access/ssh", { origin: "https://github.example.com:8443" }).url).toBe(
      "https://github.example.com:8443/manage/v1/access/ssh",
    );
  });

  test("the options form is typed by the map too, its method in any case and GET by default", () => {
    const outcomes = [
      call(() => github({ method: "get", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", per_page: 2 })),
      // @ts-expect-error `per_page` is a number under the map
      call(() => github({ method: "GET", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", per_page: "many" })),
      // @ts-expect-error without a method the options are GET's: `state` is one of "open", "closed", "all"
      call(() => github({ url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", state: "shut" })),
      // @ts-expect-error `login` is required by GHES's description
      call(() => ghes({ method: "POST", url: "/admin/users", email: "m@example.com" })),
      // @ts-expect-error a url not in the map is refused
      call(() => github({ method: "GET", url: "/custom/{id}", id: 1 })),
      // and typed from its template with UnmappedRoutes
      call(() => (github as EndpointInterface<ApiGithubCom & UnmappedRoutes>)({ method: "GET", url: "/custom/{id}", id: 1 })),
      // the {?…} spelling finds the map's route
      call(() =>
        github({
          method: "POST",
          url: "/user/packages/{package_type}/{package_name}/restore{?token}",
          package_type: "npm",
          package_name: "p",
          token: "t",
        }),
      ),
    ];
    expect(outcomes).toEqual([
      "https://api.github.com/repos/o/r/issues?per_page=2",
      "https://api.github.com/repos/o/r/issues?per_page=many",
      "https://api.github.com/repos/o/r/issues?state=shut",
      `${baseUrl}/admin/users`,
      "https://api.github.com/custom/1",
      "https://api.github.com/custom/1",
      "https://api.github.com/user/packages/npm/p/restore?token=t",
    ]);
  });

  test("a route not in the map is refused; with UnmappedRoutes it is typed from its template; a route typed `string` takes any options", () => {
    // @ts-expect-error a misspelt route
    expect(github("GET /repos/{owner}/{repo}/issue", { owner: "o", repo: "r" }).url).toBe("https://api.github.com/repos/o/r/issue");
    const open: EndpointInterface<ApiGithubCom & UnmappedRoutes> = endpoint;
    expect(open("GET /custom/{id}", { id: 1 }).url).toBe("https://api.github.com/custom/1");
    // @ts-expect-error `id` is required by {id}
    expect(call(() => open("GET /custom/{id}", {}))).toBe("MISSING_PARAMETER");
    const route: string = "GET /custom/{id}";
    expect(github(route, { id: 1 }).url).toBe("https://api.github.com/custom/1");
  });

  test("routes as GitHub documents them: a write route's declared query goes to the query, also written with its {?…}", () => {
    const restore = { package_type: "npm", package_name: "p", token: "t" } as const;
    expect([
      github("POST /user/packages/{package_type}/{package_name}/restore", restore),
      github("POST /user/packages/{package_type}/{package_name}/restore{?token}", restore),
      // @ts-expect-error `token` is a string
      github("POST /user/packages/{package_type}/{package_name}/restore", { ...restore, token: 1 }).url,
      github("DELETE /repos/{owner}/{repo}/actions/caches", { owner: "o", repo: "r", key: "k" }).url,
    ]).toEqual([
      { method: "post", url: "https://api.github.com/user/packages/npm/p/restore?token=t", headers: expect.any(Object) as object },
      { method: "post", url: "https://api.github.com/user/packages/npm/p/restore?token=t", headers: expect.any(Object) as object },
      "https://api.github.com/user/packages/npm/p/restore?token=1",
      "https://api.github.com/repos/o/r/actions/caches?key=k",
    ]);
    // What endpoint() knows of GitHub it knows without a map.
    expect(endpoint("POST /user/packages/{package_type}/{package_name}/restore", restore).url).toBe(
      "https://api.github.com/user/packages/npm/p/restore?token=t",
    );
  });

  test("a generic wrapper compiles and keeps every check at its call sites: parameters as one type, or the arguments tuple", () => {
    function request<R extends keyof ApiGithubCom>(route: R, parameters: ParametersOf<ApiGithubCom, R>): RequestOptions {
      return github(route, parameters);
    }
    function requestOptional<R extends keyof ApiGithubCom>(route: R, ...options: ArgumentsOf<ApiGithubCom, R>): RequestOptions {
      return github(route, ...options);
    }
    // Generic over the map too: one client for any map.
    const client =
      <M extends RouteMap>(api: EndpointInterface<M>) =>
      <R extends keyof M & string>(route: R, ...options: ArgumentsOf<M, R>): RequestOptions =>
        api(route, ...options);
    const ghesClient = client(ghes);
    expect([
      request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 1 }).url,
      requestOptional("GET /user").url,
      ghesClient("POST /admin/users", { login: "monalisa" }).url,
      // @ts-expect-error a misspelt parameter
      request("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_pag: 1 }).url,
      // @ts-expect-error a missing one
      call(() => request("GET /repos/{owner}/{repo}/issues", { repo: "r" })),
      // @ts-expect-error a misspelt route
      call(() => requestOptional("GET /repos/{owner}/{repo}/issue", { owner: "o", repo: "r" })),
      // @ts-expect-error the options argument holds a required parameter
      call(() => requestOptional("GET /repos/{owner}/{repo}/issues")),
      // @ts-expect-error GHES's `login` is required
      call(() => ghesClient("POST /admin/users", { email: "m@example.com" })),
    ]).toEqual([
      "https://api.github.com/repos/o/r/issues?per_page=1",
      "https://api.github.com/user",
      `${baseUrl}/admin/users`,
      "https://api.github.com/repos/o/r/issues?per_pag=1",
      "MISSING_PARAMETER",
      "https://api.github.com/repos/o/r/issue",
      "MISSING_PARAMETER",
      `${baseUrl}/admin/users`,
    ]);
  });

  test("the TSDoc example of EndpointInterface gives what it shows", () => {
    const example: EndpointInterface<Ghes319> = endpoint.defaults({ baseUrl });
    expect(example("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 }).url).toBe(
      "https://github.example.com/api/v3/repos/octokit/rest.js/issues?per_page=100",
    );
  });

  test("the TSDoc examples of RequiredKeys, ArgumentsOf, ParametersOf, OptionsOf, Refusal, UnmappedRoutes and RouteMap give what they show", () => {
    type Things = { "GET /things/{id}": { id: number } };
    type Optional = { "GET /things": { limit?: number } };
    const checks: true[] = [
      true satisfies Equal<RequiredKeys<{ owner: string; repo: string; per_page?: number }>, "owner" | "repo">,
      true satisfies Equal<
        ArgumentsOf<Things, "GET /things/{id}">,
        [options: NoInfer<ParametersOf<Things, "GET /things/{id}">> & FormatOption<string>]
      >,
      true satisfies Equal<
        ArgumentsOf<Optional, "GET /things">,
        [options?: (NoInfer<ParametersOf<Optional, "GET /things">> & FormatOption<string>) | undefined]
      >,
      // The options argument is optional exactly when nothing is required.
      true satisfies Equal<ArgumentsOf<Things, "GET /things/{id}"> extends [unknown] ? true : false, true>,
      true satisfies Equal<[] extends ArgumentsOf<Optional, "GET /things"> ? true : false, true>,
      true satisfies Equal<ParametersOf<Things, "GET /things/{id}">, MappedParameters<{ id: number }>>,
      true satisfies Equal<ParametersOf<Things, "GET /other/{name}">, Refusal<"GET /other/{name} is not a route of the map">>,
      true satisfies Equal<OptionsOf<{ "POST /things": { name: string } }, "post", "/things">, MappedParameters<{ name: string }>>,
      true satisfies Equal<OptionsOf<object, "GET", "/things/{id}">, RouteParameters<"/things/{id}"> & DataRule<"GET">>,
    ];
    interface MyRoutes {
      "GET /things/{id}": { id: number; expand?: boolean };
    }
    const api: EndpointInterface<MyRoutes> = endpoint.defaults({ baseUrl: "https://api.example.com" });
    expect([checks.length, api("GET /things/{id}", { id: 1, expand: true }).url]).toEqual([
      9,
      "https://api.example.com/things/1?expand=true",
    ]);
    // @ts-expect-error `id` is a number in MyRoutes
    expect(api("GET /things/{id}", { id: "x" }).url).toBe("https://api.example.com/things/x");
    // @ts-expect-error GET takes no body
    expect(call(() => endpoint("GET /user", { data: "x" }))).toBe("INVALID_OPTIONS");
    const open: EndpointInterface<ApiGithubCom & UnmappedRoutes> = endpoint;
    expect(open("GET /repos/{owner}/{repo}/new-thing", { owner: "octokit", repo: "rest.js", anything: 1 }).url).toBe(
      "https://api.github.com/repos/octokit/rest.js/new-thing?anything=1",
    );
    function request<R extends keyof ApiGithubCom>(route: R, parameters: ParametersOf<ApiGithubCom, R>) {
      return github(route, parameters);
    }
    expect(request("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 }).url).toBe(
      "https://api.github.com/repos/octokit/rest.js/issues?per_page=100",
    );
  });

  test("the TSDoc example of MappedParameters gives what it shows", () => {
    type Issues = { owner: string; repo: string; per_page?: number };
    const ok: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_page: 100 };
    // @ts-expect-error `per_page` is a number
    const wrong: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_page: "many" };
    // @ts-expect-error `per_pag` is no parameter of the route
    const misspelt: MappedParameters<Issues> = { owner: "octokit", repo: "rest.js", per_pag: 100 };
    const given: MappedParameters<Issues, "owner"> = { repo: "rest.js" };
    expect([ok.per_page, wrong.per_page, misspelt.repo, given.repo]).toEqual([100, "many", "rest.js", "rest.js"]);
  });
});

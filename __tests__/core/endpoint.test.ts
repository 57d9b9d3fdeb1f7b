import { endpoint, EndpointError } from "../../lib/index.js";
import { headers, JSON_TYPE, packageVersion, userAgent } from "../helpers/defaults.js";

describe("DEFAULTS", () => {
  test("are GitHub's REST API, media type v3 and a user-agent carrying package.json's version", () => {
    expect(endpoint.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: { accept: "application/vnd.github.v3+json", "user-agent": userAgent },
      mediaType: { format: "", previews: [] },
    });
    expect(endpoint.DEFAULTS.headers["user-agent"]).toMatch(new RegExp(`^rest-endpoint/${packageVersion.replaceAll(".", "\\.")} `));
  });
});

describe("rule 1: the route gives method and url", () => {
  test.each([
    ["GET /user", "get", "https://api.github.com/user"],
    ["POST /markdown", "post", "https://api.github.com/markdown"],
    ["/user", "get", "https://api.github.com/user"],
    ["  DELETE /user/starred/o/r  ", "delete", "https://api.github.com/user/starred/o/r"],
    ["GET", "get", "https://api.github.com/"],
    ["HEAD /", "head", "https://api.github.com/"],
  ])("%j gives %s %s", (route, method, url) => {
    const options = endpoint(route as "GET /");
    expect({ method: options.method, url: options.url }).toEqual({ method, url });
  });

  test("the options form takes method and url; a missing url means /", () => {
    expect(endpoint({ method: "GET", url: "/orgs/{org}", org: "octokit" })).toEqual({
      method: "get",
      url: "https://api.github.com/orgs/octokit",
      headers: headers(),
    });
    expect(endpoint.merge({ method: "GET" }).url).toBeUndefined();
    expect(endpoint.parse(endpoint.merge({ method: "GET" })).url).toBe("https://api.github.com/");
  });

  test("a route and options.url together are a conflict, not a silent choice", () => {
    // @ts-expect-error the route gives the url: a type error too
    expect(() => endpoint("GET /a", { url: "/b" })).toThrow(expect.objectContaining({ code: "INVALID_OPTIONS", argument: "options.url" }));
  });
});

describe("rule 2: relative urls join baseUrl, full urls are used as given", () => {
  test.each([
    ["https://ghe.example/api/v3/", "/repos", "https://ghe.example/api/v3/repos"],
    ["https://ghe.example/api/v3", "/repos", "https://ghe.example/api/v3/repos"],
    ["https://api.github.com", "/", "https://api.github.com/"],
  ])("%s + %s = %s", (baseUrl, url, expected) => {
    expect(endpoint({ baseUrl, url }).url).toBe(expected);
  });

  test.each([
    ["GET https://uploads.github.com/repos/o/r/releases/1/assets", "https://uploads.github.com/repos/o/r/releases/1/assets"],
    ["GET HTTPS://example.com/x", "HTTPS://example.com/x"],
    ["GET http://localhost:3000/x", "http://localhost:3000/x"],
  ])("%s keeps its host", (route, url) => {
    expect(endpoint(route as "GET /", { baseUrl: "https://ghe.example/api/v3" }).url).toBe(url);
  });
});

describe("rule 3: placeholders", () => {
  test("{name} and :name expand, names with a hyphen included", () => {
    expect(
      endpoint("GET /enterprises/{enterprise}/teams/{enterprise-team}/:org", {
        enterprise: "e",
        "enterprise-team": "justice league",
        org: "o",
      }).url,
    ).toBe("https://api.github.com/enterprises/e/teams/justice%20league/o");
  });

  test.each([
    ["GET /search/issues?q=repo:octokit", {}, "https://api.github.com/search/issues?q=repo:octokit"],
    ["GET https://user:pass@ghe.example:8443/api/:id", { id: 7 }, "https://user:pass@ghe.example:8443/api/7"],
    ["GET /repos/o/r/git/refs/tags/v1:x", {}, "https://api.github.com/repos/o/r/git/refs/tags/v1:x"],
    ["GET /a/:b#frag:ment", { b: 1 }, "https://api.github.com/a/1#frag:ment"],
    ["GET /a/:b?next=/:c", { b: 1 }, "https://api.github.com/a/1?next=/:c"],
    ["GET /a/:b{?q}/:c", { b: 1, q: "x" }, "https://api.github.com/a/1?q=x/:c"],
    ["GET /a#/:b", {}, "https://api.github.com/a#/:b"],
  ])(":name is only read at the start of a path segment: %s", (route, parameters, url) => {
    expect(endpoint(route as "GET /", parameters).url).toBe(url);
  });

  test("RFC 6570 operators work in routes", () => {
    expect(
      endpoint("GET /repos/{owner}/{repo}/contents{/path*}{?ref}", { owner: "o", repo: "r", path: ["a", "b c"], ref: "main" }).url,
    ).toBe("https://api.github.com/repos/o/r/contents/a/b%20c?ref=main");
  });
});

describe("rule 4: GET and HEAD put the other parameters in the query", () => {
  test("encoded as RFC 6570 form-style query expansion, undefined dropped", () => {
    expect(
      endpoint("GET /repos/{owner}/{repo}/issues", {
        owner: "o",
        repo: "r",
        labels: ["bug", "ui"],
        q: "a b*",
        page: undefined,
        per_page: 2,
      }),
    ).toEqual({
      method: "get",
      url: "https://api.github.com/repos/o/r/issues?labels=bug,ui&q=a%20b%2A&per_page=2",
      headers: headers(),
    });
  });

  test.each([
    ["GET /search?q=x", { page: 2 }, "https://api.github.com/search?q=x&page=2"],
    ["GET /search?", { page: 2 }, "https://api.github.com/search?page=2"],
    ["GET /a#top", { page: 2 }, "https://api.github.com/a?page=2#top"],
    ["GET /a?b=1#top", { page: 2 }, "https://api.github.com/a?b=1&page=2#top"],
    ["HEAD /a", { page: 2 }, "https://api.github.com/a?page=2"],
  ])("%s with %j gives %s", (route, parameters, url) => {
    expect(endpoint(route as "GET /", parameters).url).toBe(url);
  });
});

describe("rule 5: other methods build a JSON body", () => {
  test("remaining parameters become the body, with a JSON content-type", () => {
    expect(endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Bug", labels: ["a"], milestone: null })).toEqual({
      method: "post",
      url: "https://api.github.com/repos/o/r/issues",
      headers: headers(JSON_TYPE),
      body: { title: "Bug", labels: ["a"], milestone: null },
    });
  });

  test("a string data is the body as given, with no invented content-type", () => {
    expect(
      endpoint("POST /markdown/raw", { data: "Hello **world**", headers: { "Content-Type": "text/plain", accept: "text/html" } }),
    ).toEqual({
      method: "post",
      url: "https://api.github.com/markdown/raw",
      headers: { accept: "text/html", "user-agent": userAgent, "content-type": "text/plain" },
      body: "Hello **world**",
    });
    const bytes = new Uint8Array([1, 2, 3]);
    const options = endpoint("POST /upload", { data: bytes });
    expect(options).toEqual({ method: "post", url: "https://api.github.com/upload", headers: headers(), body: new Uint8Array([1, 2, 3]) });
    expect(options.body).toBe(bytes);
  });

  test.each([
    ["PUT", { body: "" }],
    ["PATCH", { body: "" }],
    ["POST", {}],
    ["DELETE", {}],
  ])("%s without a body gives %j", (method, extra) => {
    expect(endpoint(`${method} /user/following/{username}` as "GET /", { username: "octocat" })).toEqual({
      method: method.toLowerCase(),
      url: "https://api.github.com/user/following/octocat",
      headers: headers(),
      ...extra,
    });
  });

  test("a plain-object or array data gets the JSON content-type; a given one is kept", () => {
    expect(endpoint("POST /x", { data: [1] }).headers).toEqual(headers(JSON_TYPE));
    expect(endpoint("POST /x", { data: { a: 1 }, headers: { "content-type": "application/vnd.api+json" } }).headers).toEqual(
      headers({ "content-type": "application/vnd.api+json" }),
    );
  });
});

describe("rule 6: query parameters and a body together", () => {
  test("the url declares the query, data is the body", () => {
    expect(
      endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        owner: "o",
        repo: "r",
        id: 1,
        name: "a.zip",
        label: "A zip",
        data: "…",
        headers: { "content-type": "application/zip" },
      }),
    ).toEqual({
      method: "post",
      url: "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=A%20zip",
      headers: headers({ "content-type": "application/zip" }),
      body: "…",
    });
  });

  test("a parameter that would be lost beside data is an error", () => {
    expect(() => endpoint("POST /x", { data: "x", name: "a" })).toThrow(
      expect.objectContaining({ code: "INVALID_OPTIONS", argument: "name" }),
    );
  });

  test.each([
    [{ name: "a" }, "`name` is in neither the url nor `data`"],
    [{ name: "a", label: "b" }, "`name` and `label` are in neither the url nor `data`"],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, "f g": 6 }, "`a` and `b`, `c`, `d`, `e`, … are in neither the url nor `data`"],
  ])("its message names each parameter once: %j", (parameters, start) => {
    expect(() => endpoint("POST /x", { data: "x", ...parameters })).toThrow(
      expect.objectContaining({ message: expect.stringContaining(start) as string }),
    );
  });
});

describe("endpoint() without arguments", () => {
  test("builds the defaults' own route, as merge() reads it (octokit.paginate(octokit.rest.orgs.list) calls so)", () => {
    const list = endpoint.defaults({ method: "GET", url: "/organizations", per_page: 100 });
    expect(list()).toEqual({ method: "get", url: "https://api.github.com/organizations?per_page=100", headers: headers() });
    expect((list as (route?: undefined) => unknown)(undefined)).toEqual(list());
    expect(endpoint()).toEqual({ method: "get", url: "https://api.github.com/", headers: headers() });
    expect(endpoint.parse(list.merge())).toEqual(list());
  });
});

describe("rule 7: headers", () => {
  test("names are lowercased, caller headers override defaults, undefined values are dropped", () => {
    expect(
      endpoint("GET /user", {
        headers: {
          Authorization: "token abc",
          "User-Agent": "my-app/1.0",
          Accept: "application/vnd.github+json",
          "X-Unset": undefined,
          "Content-Length": 0,
        },
      }).headers,
    ).toEqual({ accept: "application/vnd.github+json", "user-agent": "my-app/1.0", authorization: "token abc", "content-length": "0" });
  });
});

describe("rule 8: media types", () => {
  test.each([
    [{ format: "raw" }, undefined, "application/vnd.github.v3.raw"],
    [{ format: "diff" }, undefined, "application/vnd.github.v3.diff"],
    [{ format: "text+json" }, undefined, "application/vnd.github.v3.text+json"],
    [{ previews: ["mercy"] }, undefined, "application/vnd.github.mercy-preview+json"],
    [
      { previews: ["mercy", "symmetra"], format: "raw" },
      undefined,
      "application/vnd.github.mercy-preview.raw,application/vnd.github.symmetra-preview.raw",
    ],
    [{ previews: ["scarlet-witch-preview"] }, undefined, "application/vnd.github.scarlet-witch-preview+json"],
    [
      { previews: ["symmetra"] },
      "application/vnd.github.mercy-preview+json",
      "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json",
    ],
    [{ format: "raw", previews: ["mercy"] }, "application/octet-stream", "application/octet-stream"],
    [{ format: "diff" }, "application/vnd.github.raw+json", "application/vnd.github.diff"],
    [{ format: "raw" }, "text/html", "text/html"],
  ])("%j with accept %j gives %s", (mediaType, accept, expected) => {
    expect(endpoint("GET /x", { mediaType, headers: { accept } }).headers).toEqual({ accept: expected, "user-agent": userAgent });
  });
});

describe("rule 9: previews are united, other arrays replaced", () => {
  test("previews from defaults come first, each once", () => {
    const withPreviews = endpoint.defaults({ mediaType: { previews: ["mercy"] } });
    expect(withPreviews.merge("GET /x", { mediaType: { previews: ["symmetra", "mercy"] } }).mediaType).toEqual({
      format: "",
      previews: ["mercy", "symmetra"],
    });
  });

  test("an array parameter from the call replaces the one in the defaults", () => {
    const withLabels = endpoint.defaults({ labels: ["a", "b"], nested: { list: [1, 2] } });
    expect(withLabels("POST /x", { labels: ["c"], nested: { list: [3] } }).body).toEqual({ labels: ["c"], nested: { list: [3] } });
  });
});

describe("rule 10: defaults cascade", () => {
  test("inner functions keep outer defaults and add or override their own", () => {
    const ghe = endpoint.defaults({ baseUrl: "https://ghe.example/api/v3", headers: { authorization: "token a", "x-version": "1" } });
    const octokit = ghe.defaults({ owner: "octokit", headers: { "x-version": "2" } });
    const paged = octokit.defaults({ per_page: 100 });
    expect(paged.DEFAULTS).toEqual({
      method: "GET",
      baseUrl: "https://ghe.example/api/v3",
      headers: headers({ authorization: "token a", "x-version": "2" }),
      mediaType: { format: "", previews: [] },
      owner: "octokit",
      per_page: 100,
    });
    expect(paged("GET /repos/{owner}/{repo}/issues", { repo: "rest.js" })).toEqual({
      method: "get",
      url: "https://ghe.example/api/v3/repos/octokit/rest.js/issues?per_page=100",
      headers: headers({ authorization: "token a", "x-version": "2" }),
    });
    expect(ghe("GET /user").headers).toEqual(headers({ authorization: "token a", "x-version": "1" }));
  });
});

describe("rule 11: method case", () => {
  test("the result's method is lowercase; merged options keep it as written", () => {
    expect(endpoint.merge("PATCH /x").method).toBe("PATCH");
    expect(endpoint("PATCH /x").method).toBe("patch");
  });
});

describe("rule 12: request is returned as passed in", () => {
  test("request meta information is kept, including functions and signals", () => {
    const signal = new AbortController().signal;
    const fetch = (): void => undefined;
    const options = endpoint("GET /", { request: { timeout: 5, signal, fetch } });
    expect(options.request).toEqual({ timeout: 5, signal, fetch });
    expect(options.request?.signal).toBe(signal);
  });
});

describe("rule 13: endpoint(o) equals parse(merge(o)); nothing is mutated", () => {
  test("merge gives the options with defaults and the placeholders still in the url", () => {
    expect(endpoint.merge("GET /repos/{owner}", { owner: "o", headers: { Authorization: "token x" } })).toEqual({
      method: "GET",
      baseUrl: "https://api.github.com",
      headers: headers({ authorization: "token x" }),
      mediaType: { format: "", previews: [] },
      owner: "o",
      url: "/repos/{owner}",
    });
  });

  test("parse(merge(o)) deep-equals endpoint(o)", () => {
    const options = { owner: "o", data: { a: 1 }, headers: { "X-A": "1" }, mediaType: { format: "raw" } };
    expect(endpoint.parse(endpoint.merge("POST /repos/{owner}", options))).toEqual(endpoint("POST /repos/{owner}", options));
  });

  test("results share no mutable object with DEFAULTS or with each other", () => {
    const withLabels = endpoint.defaults({ labels: ["a"], request: { retries: { count: 1 } } });
    const first = withLabels("POST /x");
    (first.body as { labels: string[] }).labels.push("b");
    (first.request as { retries: { count: number } }).retries.count = 9;
    first.headers.accept = "changed";
    expect(withLabels("POST /x")).toEqual({
      method: "post",
      url: "https://api.github.com/x",
      headers: headers(JSON_TYPE),
      body: { labels: ["a"] },
      request: { retries: { count: 1 } },
    });
  });

  test("DEFAULTS cannot be changed", () => {
    expect(() => {
      (endpoint.DEFAULTS as { baseUrl: string }).baseUrl = "https://evil.example";
    }).toThrow(TypeError);
    expect(() => {
      (endpoint.DEFAULTS.headers as Record<string, string>).accept = "x";
    }).toThrow(TypeError);
    expect(endpoint("GET /").url).toBe("https://api.github.com/");
  });

  test("endpoint functions are frozen, so no member can be replaced", () => {
    const child = endpoint.defaults({ per_page: 1 });
    for (const fn of [endpoint, child]) {
      expect(Object.isFrozen(fn)).toBe(true);
      expect(() => {
        (fn as { merge: unknown }).merge = () => ({});
      }).toThrow(TypeError);
    }
  });

  test("merge gives fresh, mutable objects that share nothing with the defaults or the arguments", () => {
    const labels = ["a"];
    const withDefaults = endpoint.defaults({ request: { retries: { count: 1 } }, nested: { list: [1] } });
    const merged = withDefaults.merge("POST /x", { labels, nested: { more: true } }) as unknown as {
      headers: Record<string, string>;
      mediaType: { previews: string[] };
      request: { retries: { count: number } };
      nested: { list: number[] };
      labels: string[];
    };
    merged.headers.accept = "changed";
    merged.mediaType.previews.push("changed");
    merged.request.retries.count = 9;
    merged.nested.list.push(2);
    merged.labels.push("b");
    expect(labels).toEqual(["a"]);
    expect(withDefaults.merge("POST /x", { labels })).toEqual({
      method: "POST",
      baseUrl: "https://api.github.com",
      headers: headers(),
      mediaType: { format: "", previews: [] },
      request: { retries: { count: 1 } },
      nested: { list: [1] },
      labels: ["a"],
      url: "/x",
    });
  });

  test("errors are EndpointErrors", () => {
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    expect(() => endpoint("GET /{x}")).toThrow(EndpointError);
  });
});

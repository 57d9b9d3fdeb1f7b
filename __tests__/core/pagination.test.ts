import { AxiosHeaders } from "axios";
import { Headers as UndiciHeaders } from "undici";
import type { Routes } from "rest-endpoint/routes/api.github.com";
import {
  endpoint,
  followLink,
  type ArgumentsOf,
  type EndpointInterface,
  type Link,
  type RequestOptions,
  type ResponseHeaders,
} from "../../lib/index.js";
import { describeValue } from "../../lib/core/errors.js";
import { toEndpointCall, type CorpusCall } from "../helpers/corpus.js";
import { headers } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";
import { readFixture } from "../helpers/fixtures.js";

const issues = endpoint("GET /repos/{owner}/{repo}/issues", {
  owner: "octokit",
  repo: "rest.js",
  per_page: 2,
  headers: { authorization: "token ghp_0123456789", "x-github-api-version": "2022-11-28" },
  mediaType: { format: "raw" },
});
const sent = headers({
  accept: "application/vnd.github.v3.raw",
  authorization: "token ghp_0123456789",
  "x-github-api-version": "2022-11-28",
});
const page2 = "https://api.github.com/repositories/711976/issues?per_page=2&page=2";

describe("followLink: the request options of the page a response links to", () => {
  test("keeps the method, every header field (credentials, media type, API version) and the request meta; only the url changes", () => {
    expect(issues.headers).toEqual(sent);
    const signal = new AbortController().signal;
    const request = { ...issues, request: { signal } };
    const before = structuredClone(issues);
    const next = followLink(request, { link: `<${page2}>; rel="next"` });
    expect(next).toEqual({ method: "get", url: page2, headers: sent, request: { signal } });
    // A new object with its own headers: nothing the caller holds is changed or shared.
    expect(next!.headers).not.toBe(request.headers);
    next!.headers.authorization = "changed";
    expect(issues).toEqual(before);
  });

  test("its TSDoc example gives what the example shows", () => {
    const first = endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 2 });
    expect(followLink(first, { link: '<https://api.github.com/repositories/711976/issues?per_page=2&page=2>; rel="next"' })).toEqual({
      method: "get",
      url: "https://api.github.com/repositories/711976/issues?per_page=2&page=2",
      headers: headers(),
    });
    expect(
      followLink(first, { link: '<https://api.github.com/repositories/711976/issues?per_page=2&page=1>; rel="prev"' }),
    ).toBeUndefined();
  });

  test("a request URL not written as a URL parser writes it: the origin compared is the parsed one", () => {
    const written = { ...issues, url: "https://API.GitHub.com:443/repos/octokit/rest.js/issues" };
    expect(followLink(written, { link: "</x?page=2>; rel=next" })).toEqual({ ...issues, url: "https://api.github.com/x?page=2" });
    expect(errorOf(() => followLink(written, { link: "<https://API.GitHub.com:8443/x>; rel=next" }))).toMatchObject({
      code: "INVALID_URL",
      argument: "responseHeaders.link",
    });
  });

  test("a POST that pages (a search API) keeps its body", () => {
    const search = endpoint("POST https://api.example.com/search", { query: "x" });
    expect(followLink(search, { link: '<https://api.example.com/search?cursor=b>; rel="next"' })).toEqual({
      ...search,
      url: "https://api.example.com/search?cursor=b",
    });
  });

  test.each([
    ["next", "https://api.github.com/repositories/1300192/issues?page=4"],
    ["prev", "https://api.github.com/repositories/1300192/issues?page=2"],
    ["first", "https://api.github.com/repositories/1300192/issues?page=1"],
    ["last", "https://api.github.com/repositories/1300192/issues?page=515"],
    ["LAST", "https://api.github.com/repositories/1300192/issues?page=515"],
    ["start", undefined],
  ])("rel %s of GitHub's own example (docs.github.com, using pagination)", (rel, url) => {
    const { docs } = readFixture("github-link-headers.json") as { docs: { link: string }[] };
    const next = followLink(issues, { link: docs[0]!.link }, rel);
    expect(next?.url).toBe(url);
  });

  test("the last page, without `next`, and a response without a Link field give undefined", () => {
    expect(followLink(issues, { link: '<https://api.github.com/x?page=1>; rel="first"' })).toBeUndefined();
    expect(followLink(issues, {})).toBeUndefined();
    expect(followLink(issues, { link: "" })).toBeUndefined();
    expect(followLink(issues, new Headers())).toBeUndefined();
  });
});

describe("every Link example GitHub documents gives the request of its target", () => {
  const calls = new Map((readFixture("github-rest-calls.json") as CorpusCall[]).map((call) => [call.operationId, call]));
  const { description } = readFixture("github-link-headers.json") as { description: { operationId: string; link: string }[] };

  test("209 operations declare a Link header; seven distinct examples", () => {
    expect(description).toHaveLength(209);
    expect(new Set(description.map(({ link }) => link)).size).toBe(7);
  });

  test.each(description.map(({ operationId, link }) => ({ operationId, link })))("$operationId", ({ operationId, link }) => {
    const call = calls.get(operationId)!;
    const request = endpoint(...toEndpointCall(call));
    // Two examples write the route's {owner} and {repo}: the call's own values fill them.
    const field = link.replace(/\{(\w+)\}/g, (_, name: string) => String(call.pathParams[name]));
    const targets = [...field.matchAll(/<([^<>]*)>; rel="(\w+)"/g)];
    expect(targets.length).toBeGreaterThan(0);
    for (const [, target, rel] of targets) expect(followLink(request, { link: field }, rel)).toEqual({ ...request, url: target });
    expect(followLink(request, { link: field }, "prev")).toBeUndefined();
  });
});

describe("RFC 8288's own examples (section 3.5), one line each", () => {
  // The RFC folds the fourth example over three lines for display only (RFC 9112 section 5.2).
  // Adapted: the RFC's fifth and sixth examples link to `http://example.org/` and
  // `https://example.org/…`, another origin than the request's, which followLink refuses; here they
  // are moved to the request's origin, http://example.com, and the RFC's own hosts are refused below.
  const base = endpoint("GET http://example.com/TheBook/chapter3");
  test.each([
    { link: '<http://example.org/>; rel="start http://example.net/relation/other"', rel: "start", target: "http://example.org/" },
    {
      link: '<https://example.org/>; rel="start", <https://example.org/index>; rel="index"',
      rel: "index",
      target: "https://example.org/index",
    },
  ])("as the RFC writes it, $link ($rel): another origin, refused", ({ link, rel, target }) => {
    expect(errorOf(() => followLink(base, { link }, rel))).toMatchObject({
      code: "INVALID_URL",
      argument: "responseHeaders.link",
      message: `\`responseHeaders.link\` must be a URL on the request's origin, http://example.com/, where its credentials go; received "${target}" (string). See docs/errors.md#invalid_url`,
    });
  });
  test.each([
    {
      link: '<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"',
      rel: "previous",
      url: "http://example.com/TheBook/chapter2",
    },
    { link: '</>; rel="http://example.net/foo"', rel: "http://example.net/foo", url: "http://example.com/" },
    // The anchor makes "#foo" the link's context: it is no link of this resource (section 3.2).
    { link: '</terms>; rel="copyright"; anchor="#foo"', rel: "copyright", url: undefined },
    {
      link: "</TheBook/chapter2>; rel=\"previous\"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel=\"next\"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel",
      rel: "next",
      url: "http://example.com/TheBook/chapter4",
    },
    {
      link: "</TheBook/chapter2>; rel=\"previous\"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel=\"next\"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel",
      rel: "previous",
      url: "http://example.com/TheBook/chapter2",
    },
    { link: '<http://example.com/>; rel="start http://example.net/relation/other"', rel: "start", url: "http://example.com/" },
    {
      link: '<http://example.com/>; rel="start http://example.net/relation/other"',
      rel: "http://example.net/relation/other",
      url: "http://example.com/",
    },
    { link: '<http://example.com/>; rel="start", <http://example.com/index>; rel="index"', rel: "index", url: "http://example.com/index" },
  ])("$link ($rel)", ({ link, rel, url }) => {
    expect(followLink(base, { link }, rel)?.url).toBe(url);
  });
});

describe("the grammar's corners (RFC 8288 section 3, RFC 9110 section 5.6)", () => {
  test.each([
    { link: "<https://api.github.com/n>;rel=next", url: "https://api.github.com/n" },
    { link: "<https://api.github.com/n> ; REL = NEXT", url: "https://api.github.com/n" },
    { link: '<https://api.github.com/n>;\trel="\\next"', url: "https://api.github.com/n" },
    { link: ' , ,<https://api.github.com/n>; rel="next" , ', url: "https://api.github.com/n" },
    { link: '<https://api.github.com/p>; rel="prev"; title="a, <b>; rel=next"', url: undefined },
    { link: '<https://api.github.com/n>; rel="next"; rel="prev"', url: "https://api.github.com/n" },
    { link: '<https://api.github.com/n>; rel="prev"; rel="next"', url: undefined },
    { link: "<https://api.github.com/a>; rel=next, <https://api.github.com/b>; rel=next", url: "https://api.github.com/a" },
    { link: '<https://api.github.com/n>; rel="next"; anchor="#x"', url: undefined },
    { link: '<https://api.github.com/n>; rel="nextpage"', url: undefined },
    { link: "<https://api.github.com/n>; hreflang=de; rel=next; x", url: "https://api.github.com/n" },
    { link: "<https://api.github.com/n>", url: undefined },
    { link: "<https://api.github.com/n>; rel; rel=next", url: undefined },
    { link: "<https://api.github.com/n>; rel", url: undefined, rel: "undefined" },
  ])("$link", ({ link, url, rel }: { link: string; url: string | undefined; rel?: string }) => {
    expect(followLink(issues, { link }, rel)?.url).toBe(url);
  });

  test.each([
    { reference: "https://api.github.com/x?page=2", url: "https://api.github.com/x?page=2" },
    { reference: "/x?page=2", url: "https://api.github.com/x?page=2" },
    { reference: "?page=2", url: "https://api.github.com/repos/octokit/rest.js/issues?page=2" },
    { reference: "pulls?page=2", url: "https://api.github.com/repos/octokit/rest.js/pulls?page=2" },
    { reference: "//api.github.com/x", url: "https://api.github.com/x" },
    // A fragment is dropped: no request target holds one (RFC 9112 section 3.2). ("#x" alone is the
    // request's own URL, refused below.)
    { reference: "issues?per_page=2&page=2#x", url: "https://api.github.com/repos/octokit/rest.js/issues?per_page=2&page=2" },
    { reference: "https://api.github.com/x?page=2#frag", url: "https://api.github.com/x?page=2" },
    { reference: "/x?page=2#frag", url: "https://api.github.com/x?page=2" },
    { reference: "?page=2#", url: "https://api.github.com/repos/octokit/rest.js/issues?page=2" },
    { reference: "/x#a#b", url: "https://api.github.com/x" },
    { reference: "/x?q=%23#f", url: "https://api.github.com/x?q=%23" },
    { reference: "https://API.GitHub.com:443/x?q='a'", url: "https://api.github.com/x?q=%27a%27" },
    { reference: "/%7Bowner%7D", url: "https://api.github.com/%7Bowner%7D" },
    { reference: "/x?q=/../y", url: "https://api.github.com/x?q=/../y" },
  ])("a target $reference is resolved against the request's URL (RFC 3986 section 5) and sent as $url", ({ reference, url }) => {
    expect(followLink(issues, { link: `<${reference}>; rel="next"` })?.url).toBe(url);
  });
});

describe("a target on the request's origin written as a URL parser writes it is used as written, and equals the parser's", () => {
  test.each([
    "https://api.github.com/repositories/1/issues?per_page=100&page=2",
    "https://api.github.com/a/b;c=d/@e:f/(g)*+!$~?h=i,j&k=l/m?n",
    "https://api.github.com/x%41%2F?q=%zz%",
    "https://api.github.com//double//slash",
    "https://api.github.com/",
  ])("%s", (target) => {
    expect(new URL(target).href).toBe(target);
    expect(followLink(issues, { link: `<${target}>; rel=next` })?.url).toBe(target);
  });

  test.each([
    "https://api.github.com/x?q='a'",
    "https://api.github.com/[x]",
    "https://api.github.com/{x}^|",
    "https://api.github.com/é",
    "https://api.github.com:443/x",
  ])("%s, written with other characters, is sent as the URL parser writes it", (target) => {
    expect(followLink(issues, { link: `<${target}>; rel=next` })?.url).toBe(new URL(target).href);
  });
});

describe("the response's header fields in every client's shape", () => {
  const link = `<${page2}>; rel="next"`;
  const other = '<https://api.github.com/p>; rel="prev"';
  test.each<[string, ResponseHeaders]>([
    ["fetch's Headers", new Headers({ link, "content-type": "application/json" })],
    ["undici's Headers", new UndiciHeaders({ Link: link })],
    ["axios' AxiosHeaders", new AxiosHeaders({ Link: link })],
    ["node:http's and got's IncomingHttpHeaders", { "content-type": "application/json", link }],
    ["undici request()'s list of values", { link: [other, link] }],
    ["a plain object, name in any case", { LINK: link }],
    ["two names that differ in case: one list", { Link: other, link }],
    [
      "a list in fetch's Headers",
      new Headers([
        ["link", other],
        ["link", link],
      ]),
    ],
  ])("%s", (_, responseHeaders) => {
    expect(followLink(issues, responseHeaders)?.url).toBe(page2);
  });
});

/** 10,000 links and a 1 MB field: each answered in one pass (measured in `npm run bench`, not here). */
const many = `${Array.from({ length: 10_000 }, (_, i) => `<https://api.github.com/x?page=${i}>; rel="item"`).join(", ")}, </y>; rel=next`;
const megabyte = "a".repeat(1 << 20);

describe("hostile Link fields get a clear answer", () => {
  const field = { code: "INVALID_HEADER_VALUE", argument: "responseHeaders.link" };
  const target = { code: "INVALID_URL", argument: "responseHeaders.link" };
  test.each([
    { name: "another host", link: "<https://evil.example/x>; rel=next", expected: target },
    { name: "a host that begins with the request's", link: "<https://api.github.com.evil.example/x>; rel=next", expected: target },
    { name: "user information", link: "<https://api.github.com@evil.example/x>; rel=next", expected: target },
    { name: "user information on the same host", link: "<https://user:pass@api.github.com/x>; rel=next", expected: target },
    { name: "another port", link: "<https://api.github.com:8443/x>; rel=next", expected: target },
    { name: "http for https", link: "<http://api.github.com/x>; rel=next", expected: target },
    { name: "a network-path reference to another host", link: "<//evil.example/x>; rel=next", expected: target },
    { name: "javascript:", link: "<javascript:alert(1)>; rel=next", expected: target },
    { name: "data:", link: "<data:text/plain,x>; rel=next", expected: target },
    { name: "a dot-segment", link: "</repos/../admin>; rel=next", expected: target },
    { name: "a pct-encoded dot-segment", link: "<https://api.github.com/a/%2E%2e/b>; rel=next", expected: target },
    { name: "a relative dot-segment", link: "<../x>; rel=next", expected: target },
    { name: "no URL a parser reads", link: "<https://[::1/x>; rel=next", expected: target },
    { name: "CR LF in the target", link: "<https://api.github.com/x\r\nset-cookie: a=b>; rel=next", expected: field },
    { name: "CR LF between links", link: "</a>; rel=prev\r\n, </b>; rel=next", expected: field },
    { name: "a space in the target", link: "<https://api.github.com/a b>; rel=next", expected: field },
    { name: "a backslash in the target", link: "<https:\\\\evil.example/x>; rel=next", expected: field },
    { name: "a NUL in the target", link: "<https://api.github.com/\0>; rel=next", expected: field },
    { name: "a C1 control in the target", link: "<https://api.github.com/\u0085>; rel=next", expected: field },
    { name: "a no-break space in the target", link: "<https://api.github.com/a\u00a0b>; rel=next", expected: field },
    { name: "an unterminated target", link: "<https://api.github.com/x; rel=next", expected: field },
    { name: "an unterminated quoted-string", link: '<https://api.github.com/x>; rel="next', expected: field },
    { name: "two targets without a comma", link: "</a> </b>; rel=next", expected: field },
    { name: "a parameter before any target", link: "; rel=next", expected: field },
    { name: "a parameter without its ';'", link: "</a> rel=next", expected: field },
    { name: "a bare word", link: "next", expected: field },
    { name: "a 1 MB target", link: `<https://api.github.com/${megabyte}`, expected: field },
    { name: "1 MB of white space before garbage", link: `</x>; rel=next${" ".repeat(1 << 20)}x`, expected: field },
    { name: "1 MB of commas before garbage", link: `${",".repeat(1 << 20)}x`, expected: field },
  ])("$name", ({ link, expected }) => {
    expect(errorOf(() => followLink(issues, { link }))).toMatchObject(expected);
  });

  // The message shows the link up to its query, where a generated API's credentials() puts a key.
  test.each([
    ["as the request writes it", issues.url, "https://api.github.com/repos/octokit/rest.js/issues?…"],
    ["as a path", "/repos/octokit/rest.js/issues?per_page=2", "/repos/octokit/rest.js/issues?…"],
    ["with a fragment, which no request target holds", `${issues.url}#x`, "https://api.github.com/repos/octokit/rest.js/issues?…"],
    ["as a fragment alone, a reference to the request's own URL", "#x", "#…"],
    [
      "with the host in capitals, which a URL parser lowercases",
      "https://API.github.com/repos/octokit/rest.js/issues?per_page=2",
      "https://API.github.com/repos/octokit/rest.js/issues?…",
    ],
  ])(
    "a link to the request's own URL (a server that repeats its next link), %s: refused, where a loop would not end",
    (_name, url, shown) => {
      const error = errorOf(() => followLink(issues, { link: `<${url}>; rel="next"` }));
      expect(error).toEqual({
        ...target,
        message: `\`responseHeaders.link\` must not be the request's own URL: following it fetches the same page again, without end; received ${describeValue(url, true)}. See docs/errors.md#invalid_url`,
      });
      expect(error.message).toContain(`received ${JSON.stringify(shown)} (string`);
    },
  );

  // fetch and node:http send `/items?` as `/items`, curl as it is: the options never hold an empty query.
  test.each([
    ["an absolute URL", "https://api.github.com/repositories/1/issues?", "https://api.github.com/repositories/1/issues"],
    ["a path", "/repositories/1/issues?", "https://api.github.com/repositories/1/issues"],
    ["a fragment after it", "https://api.github.com/repositories/1/issues?#x", "https://api.github.com/repositories/1/issues"],
    ["an empty query alone: the request's path", "?", "https://api.github.com/repos/octokit/rest.js/issues"],
  ])("a link with an empty query (%s) is followed without its ?", (_name, url, expected) => {
    expect(followLink(issues, { link: `<${url}>; rel="next"` })?.url).toBe(expected);
  });

  test("a link with an empty query to a request's own URL without a query is that URL: refused", () => {
    const first = endpoint("GET /repositories/1/issues");
    expect(errorOf(() => followLink(first, { link: '<?>; rel="next"' }))).toMatchObject({
      code: "INVALID_URL",
      argument: "responseHeaders.link",
    });
    expect(errorOf(() => followLink(first, { link: `<${first.url}?>; rel="next"` }))).toMatchObject({
      code: "INVALID_URL",
      argument: "responseHeaders.link",
    });
  });

  test.each([
    ["another page", `${issues.url}&page=2`],
    ["the same page by another query, which the server may answer as it likes", `${issues.url}&page=1`],
  ])("a link next to the request's own URL is followed: %s", (_name, url) => {
    expect(followLink(issues, { link: `<${url}>; rel="next"` })?.url).toBe(url);
  });

  test("10,000 links: the one with rel next is found", () => {
    expect(followLink(issues, { link: many })?.url).toBe("https://api.github.com/y");
  });

  test("a 1 MB quoted-string and a 1 MB query are read as they are", () => {
    expect(followLink(issues, { link: `</x>; title="${megabyte}"; rel=next` })?.url).toBe("https://api.github.com/x");
    expect(followLink(issues, { link: `</x?q=${megabyte}>; rel=next` })?.url).toBe(`https://api.github.com/x?q=${megabyte}`);
  });

  test.each([
    [
      "another origin",
      "https://evil.example/x",
      "must be a URL on the request's origin, https://api.github.com/, where its credentials go",
    ],
    [
      "another origin with a dot-segment: the origin",
      "https://evil.example/a/../b",
      "must be a URL on the request's origin, https://api.github.com/, where its credentials go",
    ],
    [
      "a dot-segment on the request's origin",
      "https://api.github.com/a/../b",
      'must not hold a dot-segment ("." or ".." in its path, also pct-encoded), which a URL parser resolves away (RFC 3986 section 5.2.4)',
    ],
    [
      "a relative dot-segment",
      "../x",
      'must not hold a dot-segment ("." or ".." in its path, also pct-encoded), which a URL parser resolves away (RFC 3986 section 5.2.4)',
    ],
    ["no URL a parser reads", "https://[::1/x", "must be a URI reference that a URL parser reads (RFC 3986 section 4.1)"],
  ])("%s: the message names its own rule", (_, target, rule) => {
    expect(errorOf(() => followLink(issues, { link: `<${target}>; rel=next` })).message).toBe(
      `\`responseHeaders.link\` ${rule}; received ${JSON.stringify(target)} (string). See docs/errors.md#invalid_url`,
    );
  });

  test("the message names the field, shows what was received, shortened, and the rule", () => {
    expect(errorOf(() => followLink(issues, { link: "</a>\r\n; rel=next" })).message).toBe(
      '`responseHeaders.link` must be RFC 8288 links: <URI>; rel=type, …; received "\\r\\n; rel=next" (string). See docs/errors.md#invalid_header_value',
    );
  });
});

describe("arguments that are not what followLink takes", () => {
  const link = { link: `<${page2}>; rel="next"` };
  test.each([
    { name: "request null", call: () => followLink(null as unknown as RequestOptions, link), argument: "request" },
    {
      name: "request without url",
      call: () => followLink({ method: "get", headers: {} } as unknown as RequestOptions, link),
      argument: "request",
    },
    { name: "request with a relative url", call: () => followLink({ ...issues, url: "/x" }, link), argument: "request" },
    { name: "request without headers", call: () => followLink({ method: "get", url: page2 } as RequestOptions, link), argument: "request" },
    { name: "rel not a string", call: () => followLink(issues, link, 1 as unknown as string), argument: "rel" },
    { name: "responseHeaders null", call: () => followLink(issues, null as unknown as ResponseHeaders), argument: "responseHeaders" },
    // Paging would stop after the first page unsaid: each gave undefined (a fresh user's review).
    {
      name: "responseHeaders missing",
      call: () => followLink(issues, undefined as unknown as ResponseHeaders),
      argument: "responseHeaders",
    },
    {
      name: "a fetch Response",
      call: () => followLink(issues, new Response(null, { headers: link }) as unknown as ResponseHeaders),
      argument: "responseHeaders",
    },
    {
      name: "an axios-like response",
      call: () => followLink(issues, { status: 200, data: [], headers: link }),
      argument: "responseHeaders",
    },
    { name: "the field's value", call: () => followLink(issues, link.link as unknown as ResponseHeaders), argument: "responseHeaders" },
    { name: "a number", call: () => followLink(issues, 5 as unknown as ResponseHeaders), argument: "responseHeaders" },
    {
      name: "a get() that throws",
      call: () =>
        followLink(issues, {
          get() {
            throw new Error("boom");
          },
        }),
      argument: "responseHeaders",
    },
  ])("$name: INVALID_OPTIONS", ({ call, argument }) => {
    expect(errorOf(call)).toMatchObject({ code: "INVALID_OPTIONS", argument });
  });

  test("the message says what to pass; the fields of each shape still work (valid neighbours)", () => {
    expect(errorOf(() => followLink(issues, new Response(null, { headers: link }) as unknown as ResponseHeaders)).message).toBe(
      "`responseHeaders` must be the response's header fields (`response.headers`): a Headers object, a Map or an object of fields; received an object (Response). See docs/errors.md#invalid_options",
    );
    const next = { ...issues, url: page2 };
    expect([
      followLink(issues, new Response(null, { headers: link }).headers),
      followLink(issues, link),
      followLink(issues, { Link: [link.link] }),
      followLink(issues, { link: link.link, headers: "x" }),
      followLink(issues, {
        link: link.link,
        get headers(): string {
          throw new Error("a field named headers, read lazily");
        },
      }),
    ]).toEqual([next, next, next, next, next]);
  });
});

describe("types", () => {
  test("a generic wrapper over a route map pages without a cast", async () => {
    const github: EndpointInterface<Routes> = endpoint;
    // What a response's headers are for each URL: three pages.
    const responses = new Map<string, ResponseHeaders>([
      ["https://api.github.com/repos/octokit/rest.js/issues?per_page=1", new Headers({ link: "</p2>; rel=next" })],
      ["https://api.github.com/p2", { link: '</p3>; rel="next", </p2>; rel="prev"' }],
      ["https://api.github.com/p3", { link: ["</p2>; rel=prev"] }],
    ]);
    async function* pages<R extends keyof Routes>(route: R, ...options: ArgumentsOf<Routes, R>): AsyncGenerator<string> {
      let request: RequestOptions | undefined = github(route, ...options);
      while (request !== undefined) {
        yield request.url;
        const responseHeaders: ResponseHeaders = await Promise.resolve(responses.get(request.url)!);
        request = followLink(request, responseHeaders);
      }
    }
    const urls: string[] = [];
    for await (const url of pages("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 1 })) urls.push(url);
    expect(urls).toEqual([
      "https://api.github.com/repos/octokit/rest.js/issues?per_page=1",
      "https://api.github.com/p2",
      "https://api.github.com/p3",
    ]);
  });

  test("the result has the type of the request given; a response in place of its headers is a type error", () => {
    const typed: RequestOptions & { request: { page: number } } = { ...issues, request: { page: 1 } };
    const next = followLink(typed, { link: `<${page2}>; rel=next` });
    const page: number | undefined = next?.request.page;
    expect(page).toBe(1);
    const response = new Response(null, { headers: { link: `<${page2}>; rel=next` } });
    // @ts-expect-error the response's `headers`, not the response (and at run time INVALID_OPTIONS)
    expect(errorOf(() => followLink(issues, response))).toMatchObject({ code: "INVALID_OPTIONS", argument: "responseHeaders" });
    expect(followLink(issues, response.headers)?.url).toBe(page2);
  });

  test("a list of fields (rawHeaders, pairs) is a type error as well as INVALID_OPTIONS; a Map is a ResponseHeaders", () => {
    const rawHeaders: string[] = ["Link", `<${page2}>; rel=next`];
    // @ts-expect-error node's rawHeaders: pass `response.headers`
    expect(errorOf(() => followLink(issues, rawHeaders))).toMatchObject({ code: "INVALID_OPTIONS", argument: "responseHeaders" });
    // @ts-expect-error pairs: pass `new Headers(pairs)`
    expect(errorOf(() => followLink(issues, [["link", `<${page2}>; rel=next`]]))).toMatchObject({ code: "INVALID_OPTIONS" });
    const map: ResponseHeaders = new Map([["Link", `<${page2}>; rel=next`]]);
    expect(followLink(issues, map)?.url).toBe(page2);
  });
});

describe("header shapes that hold a Link field but are no object of fields are refused, never read as the last page", () => {
  const link = `<${page2}>; rel="next"`;
  // Each gave undefined, "last page", on the old code (issue 44, class 4).
  test.each<{ name: string; responseHeaders: unknown }>([
    {
      name: "an array of pairs",
      responseHeaders: [
        ["content-type", "application/json"],
        ["link", link],
      ],
    },
    { name: "node's rawHeaders, a flat list", responseHeaders: ["Content-Type", "application/json", "Link", link] },
    { name: "an empty list", responseHeaders: [] },
  ])("$name: INVALID_OPTIONS naming responseHeaders, saying what it takes", ({ responseHeaders }) => {
    expect(errorOf(() => followLink(issues, responseHeaders as ResponseHeaders))).toEqual({
      code: "INVALID_OPTIONS",
      argument: "responseHeaders",
      message: `\`responseHeaders\` must be the response's header fields (\`response.headers\`): a Headers object, a Map or an object of fields; received an object (array of ${(responseHeaders as unknown[]).length}). See docs/errors.md#invalid_options`,
    });
  });

  test.each<{ name: string; responseHeaders: ResponseHeaders; url: string | undefined }>([
    { name: "a Map keyed Link", responseHeaders: new Map([["Link", link]]), url: page2 },
    { name: "a Map keyed link, its value a list", responseHeaders: new Map([["link", ['</p>; rel="prev"', link]]]), url: page2 },
    {
      name: "a Map of two names differing in case: one list",
      responseHeaders: new Map([
        ["LINK", '</p>; rel="prev"'],
        ["link", link],
      ]),
      url: page2,
    },
    { name: "a Map without a Link field", responseHeaders: new Map([["content-type", "application/json"]]), url: undefined },
    { name: "the same pairs in fetch's Headers", responseHeaders: new Headers([["Link", link]]), url: page2 },
  ])("$name is read, names in any case (RFC 9110 section 5.1)", ({ responseHeaders, url }) => {
    expect(followLink(issues, responseHeaders)?.url).toBe(url);
  });
});

describe("followLink judges only the link it follows", () => {
  // Each was refused on the old code, which read the next link's target before answering.
  test.each([
    { link: "</a>; rel=next, <https://api.github.com/b c>; rel=last", url: "https://api.github.com/a" },
    { link: "</a>; rel=next , garbage", url: "https://api.github.com/a" },
    { link: '</a>; rel="next"; title="x",\t</b\\>; rel=last', url: "https://api.github.com/a" },
    { link: "</a>; rel=next, ; rel=last", url: "https://api.github.com/a" },
  ])("$link gives $url", ({ link, url }) => {
    expect(followLink(issues, { link })?.url).toBe(url);
  });

  test.each([
    // The broken link comes before the one followed, or is that one.
    "</p b>; rel=prev, </a>; rel=next",
    '</a>; rel=next; title="x, </b>; rel=last',
    "</a>; rel=next </b>",
    // The link that breaks the syntax is the one the type is looked for in.
    "</a>; rel=prev, garbage, </b>; rel=next",
  ])("%s is refused: INVALID_HEADER_VALUE", (link) => {
    expect(errorOf(() => followLink(issues, { link }))).toMatchObject({ code: "INVALID_HEADER_VALUE", argument: "responseHeaders.link" });
  });
});

/** Sentry's Link fields as its docs write them (https://docs.sentry.io/api/pagination/), the folded one on one line. */
const sentry = {
  request: endpoint("GET https://sentry.io/api/0/organizations/acme/issues/123456/events/"),
  first:
    '<https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:0:1>; rel="previous"; results="false"; cursor="0:0:1", <https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:100:0>; rel="next"; results="true"; cursor="0:100:0"',
  second:
    '<https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:0:1>; rel="previous"; results="true"; cursor="0:0:1", <https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:200:0>; rel="next"; results="true"; cursor="0:200:0"',
  last: '<https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:100:1>; rel="previous"; results="true"; cursor="0:100:1", <https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:300:0>; rel="next"; results="false"; cursor="0:300:0"',
  older:
    '<https://sentry.io/api/0/projects/1/groups/?&cursor=1420837590:0:1>; rel="previous"; results="false", <https://sentry.io/api/0/projects/1/groups/?&cursor=1420837533:0:0>; rel="next"; results="true"',
};
const hasResults = (link: Link): boolean => link.rel.includes("next") && link.attributes.results !== "false";

describe("an API that marks its last page in a link parameter: rel as a function of the Link", () => {
  test.each([
    { name: "first page", link: sentry.first, url: "https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:100:0" },
    { name: "second page", link: sentry.second, url: "https://sentry.io/api/0/organizations/acme/issues/123456/events/?&cursor=0:200:0" },
    { name: "the older form", link: sentry.older, url: "https://sentry.io/api/0/projects/1/groups/?&cursor=1420837533:0:0" },
    { name: "last page: next with results=false", link: sentry.last, url: undefined },
  ])("Sentry's $name", ({ link, url }) => {
    const request = link === sentry.older ? endpoint("GET https://sentry.io/api/0/projects/1/groups/") : sentry.request;
    expect(followLink(request, { link }, hasResults)).toEqual(url === undefined ? undefined : { ...request, url });
    // With rel "next" alone, Sentry's paging never ends: the last page links to a next one too.
    expect(followLink(request, { link })?.url).toMatch(/cursor=/);
  });

  test("each link is given in turn, as the field writes it, up to the one chosen", () => {
    const seen: Link[] = [];
    const link =
      '</TheBook/chapter2>; rel="previous Start"; title*=UTF-8\'de\'letztes%20Kapitel; rev=made; TITLE="a \\"b\\""; title=second; hreflang=de; x, ' +
      '</elsewhere>; rel=next; anchor="#foo", </TheBook/chapter4>; Rel=NEXT; rel=prev; results=false; __proto__=polluted, </never>; rel=next';
    const chosen = followLink(endpoint("GET http://example.com/TheBook/chapter3"), { link }, (each) => {
      seen.push(each);
      return each.rel.includes("next");
    });
    expect(chosen?.url).toBe("http://example.com/TheBook/chapter4");
    expect(seen.map((each) => ({ ...each, attributes: { ...each.attributes } }))).toEqual([
      {
        target: "/TheBook/chapter2",
        rel: ["previous", "start"],
        attributes: { "title*": "UTF-8'de'letztes%20Kapitel", title: 'a "b"', hreflang: "de", x: "" },
      },
      { target: "/TheBook/chapter4", rel: ["next"], attributes: { results: "false", ["__proto__"]: "polluted" } },
    ]);
    // Without a prototype: a parameter named __proto__ is a field like any other.
    expect(Object.getPrototypeOf(seen[1]!.attributes)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a link the function chooses is checked as any other: on the request's origin", () => {
    expect(errorOf(() => followLink(sentry.request, { link: "<https://evil.example/x>; rel=next" }, () => true))).toMatchObject({
      code: "INVALID_URL",
      argument: "responseHeaders.link",
    });
  });

  test("an error the function throws passes through; rel neither a string nor a function is INVALID_OPTIONS", () => {
    const thrown = new Error("mine");
    expect(() =>
      followLink(sentry.request, { link: sentry.first }, () => {
        throw thrown;
      }),
    ).toThrow(thrown);
    expect(errorOf(() => followLink(sentry.request, { link: sentry.first }, null as unknown as string))).toMatchObject({
      code: "INVALID_OPTIONS",
      argument: "rel",
      message: "`rel` must be a string or a function of a Link; received null. See docs/errors.md#invalid_options",
    });
  });

  test("its TSDoc example gives what the example shows", () => {
    const request = endpoint("GET https://sentry.io/api/0/issues/1/events/");
    const last = { link: '<https://sentry.io/api/0/issues/1/events/?&cursor=0:100:0>; rel="next"; results="false"; cursor="0:100:0"' };
    expect(followLink(request, last, (link) => link.rel.includes("next") && link.attributes.results !== "false")).toBeUndefined();
  });
});

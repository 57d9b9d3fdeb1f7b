import { endpoint, type EndpointInterface, type MergedOptions, type RequestOptions, type Route } from "../lib/index.js";

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

import { endpoint } from "../../lib/index.js";

// Inputs far larger than any real call: a quadratic step would take minutes on them, so the
// generous per-test timeout below is the bound. Precise growth exponents are measured by
// `npm run bench:scaling`, not here (no timed assertions in the test suite).
jest.setTimeout(60_000);

const MB = 1 << 20;

describe("every input is handled in time linear in its size", () => {
  test("a 1 MB route", () => {
    expect(endpoint(`GET /${"a".repeat(MB)}`).url.length).toBe("https://api.github.com/".length + MB);
    expect(endpoint({ url: `/${"é ".repeat(MB / 2)}` }).url.length).toBe("https://api.github.com/".length + (MB / 2) * 9);
  });

  test("a 1 MB url that is not a template", () => {
    expect(() => endpoint(`GET /${"{".repeat(MB)}`)).toThrow(expect.objectContaining({ code: "INVALID_URL_TEMPLATE" }));
    expect(() => endpoint(`GET /${"}".repeat(MB)}`)).toThrow(expect.objectContaining({ code: "INVALID_URL_TEMPLATE" }));
    expect(() => endpoint(`GET /{${"a.".repeat(MB / 2)}}`)).toThrow(expect.objectContaining({ code: "INVALID_URL_TEMPLATE" }));
  });

  // An error cuts a refused URL's user information: a first version of the rule backtracked in
  // time quadratic in a run of word characters (0.4 s for 20,000; minutes for these).
  test("a 1 MB refused baseUrl of word characters, with and without a colon or an @", () => {
    for (const baseUrl of ["a".repeat(MB), `${"a".repeat(MB)}@h`, `x:${"a".repeat(MB)}`, "a:".repeat(MB / 2)])
      expect(() => endpoint("GET /x", { baseUrl })).toThrow(expect.objectContaining({ code: "INVALID_BASE_URL" }));
  });

  test("a 1 MB header", () => {
    expect(endpoint("GET /", { headers: { "x-a": "a".repeat(MB) } }).headers["x-a"]?.length).toBe(MB);
    expect(() => endpoint("GET /", { headers: { ["a".repeat(MB) + " "]: "x" } })).toThrow(
      expect.objectContaining({ code: "INVALID_HEADER_NAME" }),
    );
  });

  test("a 1 MB value in the path, a reserved expansion and the query", () => {
    expect(endpoint("GET /{v}", { v: "a b".repeat(MB / 4) }).url.length).toBe("https://api.github.com/".length + (MB / 4) * 5);
    expect(endpoint("GET /{+v}", { v: "%4 ".repeat(MB / 4) }).url.length).toBe("https://api.github.com/".length + (MB / 4) * 7);
    expect(endpoint("GET /", { v: "a".repeat(MB) }).url.length).toBe("https://api.github.com/?v=".length + MB);
  });

  test("100,000 parameters", () => {
    const parameters = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`p${i}`, i]));
    expect(endpoint("GET /", parameters).url.split("&")).toHaveLength(100_000);
    expect(Object.keys(endpoint("POST /", parameters).body as object)).toHaveLength(100_000);
  });

  test("100,000 placeholders, in segments and in one expression", () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `a${i}`);
    const parameters = Object.fromEntries(names.map((name) => [name, "v"]));
    expect(endpoint(`GET /${names.map((name) => `{${name}}`).join("/")}`, parameters).url.length).toBe(
      "https://api.github.com/".length + 200_000 - 1,
    );
    expect(endpoint(`GET /x{?${names.join(",")}}`, parameters).url.split("&")).toHaveLength(100_000);
    expect(endpoint(`GET /:${names.join("/:")}`, parameters).url.length).toBe("https://api.github.com/".length + 200_000 - 1);
  });

  test("a 10,000-deep defaults() chain", () => {
    let chained = endpoint;
    for (let i = 0; i < 10_000; i++) chained = chained.defaults({ [`k${i % 10}`]: i, headers: { [`x-${i % 5}`]: String(i) } });
    expect(chained("GET /")).toEqual({
      method: "get",
      url: "https://api.github.com/?k0=9990&k1=9991&k2=9992&k3=9993&k4=9994&k5=9995&k6=9996&k7=9997&k8=9998&k9=9999",
      headers: { ...endpoint.DEFAULTS.headers, "x-0": "9995", "x-1": "9996", "x-2": "9997", "x-3": "9998", "x-4": "9999" },
    });
  });
});

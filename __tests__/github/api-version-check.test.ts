import { createEndpoint, endpoint, ghes, type EndpointInterface } from "../../lib/index.js";
import { errorOf } from "../helpers/errors.js";

// GitHub's check of `x-github-api-version` (https://docs.github.com/rest/about-the-rest-api/api-versions),
// in process: the version as one option, the versions each target serves (GHES by release), open
// above the newest version this package knows, checked on the parsed host. What the build writes
// for each version (the maps, the CLI's `versions diff`) is tested in api-versions.test.ts.

describe("the version is one option", () => {
  const v2026 = endpoint.defaults({ headers: { "x-github-api-version": "2026-03-10" } });

  test("the one line sends x-github-api-version; without it none is sent", () => {
    expect(v2026("GET /rate_limit").headers).toEqual({
      accept: "application/vnd.github.v3+json",
      "user-agent": endpoint.DEFAULTS.headers["user-agent"],
      "x-github-api-version": "2026-03-10",
    });
    expect(Object.keys(endpoint("GET /rate_limit").headers)).toEqual(["accept", "user-agent"]);
  });

  test.each([
    ["2026-3-10", "https://api.github.com", "must be a date YYYY-MM-DD, an API version"],
    ["2026-02-30", "https://api.github.com", "must be a date YYYY-MM-DD, an API version"],
    ["2026-13-45", "https://github.example.com/api/v3", "must be a date YYYY-MM-DD, an API version"],
    ["latest", "https://github.example.com/api/v3", "must be a date YYYY-MM-DD, an API version"],
    [
      "2025-01-01",
      "https://api.github.com",
      "must be an API version api.github.com serves (2022-11-28, 2026-03-10) or one after 2026-03-10",
    ],
    [
      "2025-01-01",
      "https://api.octocorp.ghe.com",
      "must be an API version api.github.com serves (2022-11-28, 2026-03-10) or one after 2026-03-10",
    ],
  ])("%j to %s is INVALID_HEADER_VALUE", (version, baseUrl, rule) => {
    const error = errorOf(() => endpoint("GET /rate_limit", { baseUrl, headers: { "x-github-api-version": version } }));
    expect(error).toMatchObject({ code: "INVALID_HEADER_VALUE", argument: "options.headers.x-github-api-version" });
    expect(error.message).toContain(rule);
    // A header value is shown by its length alone, as any header field may hold a key (docs/errors.md).
    expect(error.message).toContain(`received a string of ${version.length} characters, not shown`);
  });

  test("under endpoint's target a GHES host is not the target's: any date goes there", () => {
    expect(
      endpoint("GET /rate_limit", { baseUrl: "https://github.example.com/api/v3", headers: { "x-github-api-version": "2026-03-10" } })
        .headers["x-github-api-version"],
    ).toBe("2026-03-10");
  });
});

describe("versions, open at the top, checked on the parsed host", () => {
  const send = (call: EndpointInterface, version: string, options: Record<string, unknown> = {}): string => {
    try {
      return call("GET /rate_limit", { ...options, headers: { "x-github-api-version": version } }).headers["x-github-api-version"]!;
    } catch (error) {
      return (error as { code: string }).code;
    }
  };
  const REFUSED = "INVALID_HEADER_VALUE";

  // [version, what api.github.com is sent]
  test.each([
    ["2022-11-28", "2022-11-28"],
    ["2026-03-10", "2026-03-10"],
    ["2027-01-05", "2027-01-05"],
    ["2026-03-11", "2026-03-11"],
    ["2025-01-01", REFUSED],
    ["2022-11-27", REFUSED],
    ["2021-01-01", REFUSED],
    ["2027-02-30", REFUSED],
    ["latest", REFUSED],
  ])("%s to api.github.com: %s (one newer than every version the package knows is sent: GitHub decides)", (version, result) => {
    expect(send(endpoint, version)).toBe(result);
  });

  // Each spelling a WHATWG URL parser reads as the host the check is for.
  test.each([
    "https://api.github.com:443",
    "https://api.github.com.",
    "https://API.GITHUB.COM",
    "https://api.git%68ub.com",
    "https://api.\uff47\uff49\uff54\uff48\uff55\uff42.com",
    "https://x:y@api.github.com",
    "https://api.octocorp.ghe.com",
    "https://api.\u00f6ctocorp.ghe.com",
    "https://uploads.github.com",
  ])("an unserved version to %s is refused", (baseUrl) => {
    expect(send(endpoint, "2025-01-01", { baseUrl })).toBe(REFUSED);
    expect(send(endpoint, "2022-11-28", { baseUrl })).toBe("2022-11-28");
  });

  test.each(["https://api.github.com:8443", "http://api.github.com", "https://api.github.com.evil.example", "https://ghe.example/api/v3"])(
    "%s is not the target's host: a well-formed date goes there",
    (baseUrl) => {
      expect(send(endpoint, "2025-01-01", { baseUrl })).toBe("2025-01-01");
      expect(send(endpoint, "2025-1-01", { baseUrl })).toBe(REFUSED);
    },
  );

  test("X-GITHUB-API-VERSION or a one-item list in defaults passes no check it should not", () => {
    for (const headers of [{ "X-GITHUB-API-VERSION": "2025-01-01" }, { "x-github-api-version": ["2025-01-01"] }]) {
      const call = endpoint.defaults({ headers }) as EndpointInterface;
      expect(errorOf(() => call("GET /rate_limit"))).toMatchObject({ code: REFUSED, argument: "options.headers.x-github-api-version" });
    }
    const two = endpoint.defaults({ headers: { "x-github-api-version": ["2022-11-28", "2026-03-10"] } }) as EndpointInterface;
    expect(errorOf(() => two("GET /rate_limit")).code).toBe(REFUSED);
  });

  // [target, version, sent to the target's API]
  test.each([
    ["3.19", "2022-11-28", "2022-11-28"],
    ["3.19", "2026-03-10", REFUSED],
    ["3.19", "2025-01-01", REFUSED],
    // A fixed release serves no version after those it names (issue 44, class 7): open at the top was api.github.com's rule.
    ["3.19", "2027-01-05", REFUSED],
    ["3.22", "2027-01-05", REFUSED],
    ["3.20", "2026-03-10", REFUSED],
    ["3.21", "2026-03-10", "2026-03-10"],
    ["3.22", "2026-03-10", "2026-03-10"],
    ["3.22", "2025-01-01", REFUSED],
  ])("GHES %s at its origin: %s is %s", (release, version, result) => {
    const github = createEndpoint({}, ghes("https://ghe.example", release));
    expect(send(github, version)).toBe(result);
    expect(send(github, version, { baseUrl: "https://ghe.example.:443/api/v3" })).toBe(result);
    // Elsewhere, any well-formed date.
    expect(send(github, version, { baseUrl: "https://api.example.com" })).toBe(version);
  });
});

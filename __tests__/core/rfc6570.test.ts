import { endpoint, EndpointError } from "../../lib/index.js";
import { readFixture } from "../helpers/fixtures.js";

/** A group of the official uritemplate-test suite: variables and [template, expected] cases. */
interface SuiteGroup {
  level?: number;
  variables: Record<string, unknown>;
  testcases: [template: string, expected: string | string[] | false][];
}

const PREFIX = "https://example.test/x";

/**
 * Runs a template through `endpoint()`: appended to a full URL (so that it is not a whole path
 * segment and needs no baseUrl), with POST so that unused variables go to the body, not the query.
 */
function expand(template: string, variables: Record<string, unknown>): string {
  return endpoint(`POST ${PREFIX}${template}`, variables).url.slice(PREFIX.length);
}

/**
 * The examples whose simple or reserved expression has no value: RFC 6570 expands them to nothing,
 * which in a path names another resource, so the path refuses them (`MISSING_PARAMETER`,
 * docs/errors.md); after the path (here the query) they keep RFC 6570's meaning.
 */
const MISSING_IN_PATH = new Set(["O{undef}X", "O{+undef}X"]);

describe.each(["spec-examples.json", "spec-examples-by-section.json"])("RFC 6570 examples from %s", (file) => {
  const suite = readFixture(`rfc6570/${file}`) as Record<string, SuiteGroup>;
  const cases = Object.entries(suite).flatMap(([group, { variables, testcases }]) =>
    testcases.map(([template, expected]) => [group, template, expected, variables] as const),
  );

  test("the fixture has its cases", () => {
    expect(cases.length).toBeGreaterThan(file === "spec-examples.json" ? 60 : 110);
  });

  test.each(cases)("%s: %s", (_group, template, expected, variables) => {
    if (MISSING_IN_PATH.has(template)) {
      expect(() => expand(template, variables)).toThrow(expect.objectContaining({ code: "MISSING_PARAMETER", argument: "undef" }));
      expect(endpoint(`POST ${PREFIX}?${template}`, variables).url.slice(PREFIX.length + 1)).toBe(expected);
    } else if (expected === false) {
      expect(() => expand(template, variables)).toThrow(EndpointError);
    } else if (Array.isArray(expected)) {
      expect(expected).toContain(expand(template, variables));
    } else {
      expect(expand(template, variables)).toBe(expected);
    }
  });
});

// A generated map's response data where a response declares several media types, in process (the
// fast project): the union of their data, or, with a default media type (GitHub's maps:
// `application/json`, what GitHub answers a call without a format), that media type's alone.
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";

test("with a default media type, a response that declares it is typed by it alone; one that does not keeps the union", () => {
  const content = (types: string[]) => ({
    "200": {
      description: "x",
      content: Object.fromEntries(
        types.map((type) => [
          type,
          { schema: /json/i.test(type) ? { type: "object", properties: { of: { const: type } } } : { type: "string" } },
        ]),
      ),
    },
  });
  const document = checkShapes(
    {
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: {
        "/commit": { get: { responses: content(["application/json", "application/vnd.github.diff", "application/vnd.github.sha"]) } },
        "/starred": { get: { responses: content(["application/json", "application/vnd.github.star+json"]) } },
        "/text": { get: { responses: content(["text/plain", "text/csv"]) } },
        // Compared by essence (RFC 9110 section 8.3.1): a parameter or another case is the same media type.
        "/charset": { get: { responses: content(["Application/JSON; charset=utf-8", "text/csv"]) } },
      },
    },
    "defaults.json",
  );
  const lines = (defaultMediaType?: string) => {
    const { typescript } = generateRouteMap(document, { header: () => "", withQueries: false, responses: "inline", defaultMediaType });
    return typescript.split("\n").filter((line) => line.startsWith('  "GET /') && line.includes("Response<"));
  };
  expect(lines("application/json")).toEqual([
    '  "GET /commit": Response<200, { of?: "application/json" }>;',
    '  "GET /starred": Response<200, { of?: "application/json" }>;',
    '  "GET /text": Response<200, string>;',
    '  "GET /charset": Response<200, { of?: "Application/JSON; charset=utf-8" }>;',
  ]);
  expect(lines()).toEqual([
    '  "GET /commit": Response<200, { of?: "application/json" } | string>;',
    '  "GET /starred": Response<200, { of?: "application/json" } | { of?: "application/vnd.github.star+json" }>;',
    '  "GET /text": Response<200, string>;',
    '  "GET /charset": Response<200, { of?: "Application/JSON; charset=utf-8" } | string>;',
  ]);
});

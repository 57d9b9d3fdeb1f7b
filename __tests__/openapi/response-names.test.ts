// A generated map's response names, in process (the fast project): a component's name from its
// $ref's last token decoded as RFC 6901 says, and a header field declared in two cases as one
// (RFC 9110 section 5.1).
import { checkShapes } from "../../lib/openapi/shapes.js";
import { generateRouteMap } from "../../lib/openapi/write.js";

const json = (schema: object) => ({ "application/json": { schema } });

test("a component's name is its $ref's last token decoded as a JSON pointer's (%, ~1), and a header declared in two cases is one field", () => {
  const odd = checkShapes(
    {
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/a": {
          get: {
            responses: {
              "200": {
                description: "a",
                headers: { "X-Rate": { schema: { type: "string" } }, "x-rate": { required: true, schema: { type: "string" } } },
                content: json({ $ref: "#/components/schemas/a%zz" }),
              },
              "404": { description: "b", content: json({ $ref: "#/components/schemas/x~1y" }) },
            },
          },
        },
      },
      components: { schemas: { "a%zz": { type: "object", properties: { n: { type: "integer" } } }, "x/y": { type: "string" } } },
    },
    "odd.json",
  );
  const { typescript } = generateRouteMap(odd, { header: () => "", withQueries: true, responses: "inline" });
  expect(typescript.slice(typescript.indexOf("export interface Responses"), typescript.indexOf("\n/** A response's header"))).toBe(
    `export interface Responses {
  "GET /a": Response<200, AZz, { "x-rate": string } & HeaderFields> | Response<404, XY>;
}
`,
  );
});

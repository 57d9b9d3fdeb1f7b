import { schemaForms } from "../helpers/examples.js";

// Issue 47, item 6: the two allOf forms the generator dropped below a body's top level, found on
// PagerDuty's and Okta's own request examples, each valid per its schema. A minimal description
// per form; calls type-checked through the map, strict: each refused line's number (from 1).
const { describe_, json, refused } = schemaForms("all-of");

test("properties beside allOf apply below a body's top level too (Okta's inline hook config: authScheme)", () => {
  const spec = describe_(
    { "/hooks": { post: json({ $ref: "#/components/schemas/Hook" }) } },
    {
      components: {
        schemas: {
          Hook: { type: "object", properties: { name: { type: "string" }, config: { $ref: "#/components/schemas/Config" } } },
          Base: { type: "object", properties: { uri: { type: "string" } } },
          Config: {
            type: "object",
            allOf: [{ $ref: "#/components/schemas/Base" }],
            properties: { authScheme: { type: "object", properties: { key: { type: "string" } } } },
            required: ["authScheme"],
          },
        },
      },
    },
  );
  expect(
    refused("beside", spec, [
      'api("POST /hooks", { name: "n", config: { uri: "https://h.example", authScheme: { key: "Authorization" } } });',
      'api("POST /hooks", { config: { authScheme: {} } });',
      'api("POST /hooks", { config: { uri: "u", authSchem: {} } });',
      'api("POST /hooks", { config: { uri: "u" } });',
      'api("POST /hooks", { config: { uri: 1, authScheme: {} } });',
      'api("POST /hooks", { config: { authScheme: { key: 1 } } });',
    ]),
  ).toEqual([3, 4, 5, 6]);
}, 60_000);

test("an object two allOf parts declare is one object, its list checked against the items' intersection (PagerDuty's orchestration rules: label)", () => {
  const spec = describe_(
    { "/orchestrations": { put: json({ type: "object", properties: { orchestration: { $ref: "#/components/schemas/Orchestration" } } }) } },
    {
      components: {
        schemas: {
          Orchestration: { allOf: [{ $ref: "#/components/schemas/Rules" }, { $ref: "#/components/schemas/Labels" }] },
          Rules: {
            type: "object",
            properties: { sets: { type: "array", items: { type: "object", properties: { id: { type: "string" } }, required: ["id"] } } },
          },
          Labels: {
            type: "object",
            properties: { sets: { type: "array", items: { type: "object", properties: { label: { type: "string" } } } } },
          },
        },
      },
    },
  );
  expect(
    refused("both", spec, [
      'api("PUT /orchestrations", { orchestration: { sets: [{ id: "start", label: "Start" }] } });',
      'api("PUT /orchestrations", { orchestration: { sets: [{ id: "start" }, { id: "s2", label: "two" }] } });',
      'api("PUT /orchestrations", { orchestration: { sets: [{ label: "no id" }] } });',
      'api("PUT /orchestrations", { orchestration: { sets: [{ id: "s", lable: "typo" }] } });',
      'api("PUT /orchestrations", { orchestration: { sets: [{ id: 1 }] } });',
    ]),
  ).toEqual([3, 4, 5]);
}, 60_000);

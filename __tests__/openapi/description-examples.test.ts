import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import ts from "typescript";
import { readDescription } from "../../lib/openapi/read.js";
import { routesOf } from "../../lib/openapi/routes.js";
import { generateRouteMap, headerOf } from "../../lib/openapi/write.js";
import { strictProject } from "../helpers/examples.js";

// A description's own request examples, through the map generated from it (docs/any-api.md): each
// example a parameter or a request body carries (`example`, `examples`, after `$ref`) that is valid
// against its own schema, as ajv validates it, compiles as a call; and each of those examples made
// invalid in one way that ajv confirms (a required key dropped, a value of the wrong type, a value
// outside its enum), or given a key its schema does not declare, fails on its own line.

const root = join(__dirname, "..", "..");
const fixtures = join(root, "__tests__", "fixtures", "openapi");
const dir = join(root, ".tmp", `description-examples-${process.pid}`);

/** Adyen's, Xero's and Lob's descriptions from their own repositories (issue 39), trimmed to the operations whose request bodies carry examples. */
const COMPANIES = ["adyen/CheckoutService-v72.json", "xero/xero-payroll-uk.yaml", "xero/xero_accounting.yaml", "lob/lob-api-bundled.yml"];

/** The sample: APIs.guru's 25, the six companies' own descriptions, and Stripe's, DigitalOcean's and Twilio's. */
const samples = [
  ...readdirSync(join(fixtures, "directory"))
    .filter((name) => name.endsWith(".json"))
    .map((name) => `directory/${name}`),
  "okta/okta.yaml",
  "discord/discord.json",
  "openai/openai.json",
  "box/box.json",
  "asana/asana.yaml",
  "plaid/plaid.yml",
  "stripe/spec3.json",
  "digitalocean/DigitalOcean-public.v2.yaml",
  "twilio/twilio_lookups_v1.json",
  "twilio/twilio_messaging_v1.json",
  ...COMPANIES,
];

type Json = Record<string, unknown> & { $ref?: string };

/** One call built from examples: where they stand, the call's text, and what it was built from. */
interface Call {
  readonly where: string;
  readonly source: string;
  /** For a hand-written negative: words of the error it must give. */
  readonly error?: string;
}

/** A validator of a description's schemas: ajv with its draft (3.1: 2020-12; 3.0: draft 7 with `nullable`), formats not checked. */
function validatorOf(spec: Json): (schema: unknown) => ValidateFunction | undefined {
  const options = { strict: false, validateFormats: false, validateSchema: false, allErrors: false } as const;
  const ajv = String(spec.openapi).startsWith("3.1") ? new Ajv2020(options) : new Ajv(options);
  // `nullable` without `type` has no effect in OpenAPI 3.0.3 (section 4.7.24.1); ajv refuses it there.
  const text = JSON.stringify(spec, (_key, value: unknown) =>
    value !== null && typeof value === "object" && "nullable" in value && !("type" in value)
      ? Object.fromEntries(Object.entries(value).filter(([name]) => name !== "nullable"))
      : value,
  );
  ajv.addSchema(JSON.parse(text) as object, "description");
  return (schema) => {
    // The schema's own `$ref`s point into the description.
    const text = JSON.stringify(schema ?? {}).replace(/"\$ref":"#/g, '"$ref":"description#');
    try {
      return ajv.compile(JSON.parse(text) as object);
    } catch {
      return undefined;
    }
  };
}

/** The example values of a parameter or a media type: `example`, and each of `examples` (`$ref`s resolved). */
function examplesOf(holder: Json | undefined, resolve: (value: unknown) => Json | undefined): [name: string, value: unknown][] {
  if (holder === undefined) return [];
  const found: [string, unknown][] = [];
  if ("example" in holder) found.push(["example", holder.example]);
  for (const [name, example] of Object.entries((holder.examples ?? {}) as Record<string, unknown>)) {
    const resolved = resolve(example);
    if (resolved !== undefined && "value" in resolved) found.push([`examples/${name}`, resolved.value]);
  }
  return found;
}

/** The schemas of a schema and of its `allOf`, `oneOf` and `anyOf` parts, at any depth of those, resolved. */
function partsOf(schema: unknown, resolve: (value: unknown) => Json | undefined, seen = new Set<Json>()): Json[] {
  const node = resolve(schema);
  if (node === undefined || seen.has(node)) return [];
  seen.add(node);
  for (const part of [node.allOf, node.oneOf, node.anyOf].flat()) if (part !== undefined) partsOf(part, resolve, seen);
  return [...seen];
}

/** The keys in every list. */
const inEvery = (lists: string[][]): string[] =>
  lists.length === 0 ? [] : lists[0]!.filter((key) => lists.every((list) => list.includes(key)));

/** Each property name the schemas of `parts` declare, with those schemas. */
function propertiesOf(parts: readonly Json[]): Map<string, unknown[]> {
  const declared = new Map<string, unknown[]>();
  for (const part of parts)
    for (const [key, property] of Object.entries((part.properties ?? {}) as Record<string, unknown>))
      declared.set(key, [...(declared.get(key) ?? []), property]);
  return declared;
}

/**
 * Below a body's top level: the keys (`path.key`) of `value` that no schema declares where every
 * object schema of it is closed (properties, no `additionalProperties`, no `patternProperties`); a
 * value several schemas describe is reported where none of them takes the key.
 */
function undeclaredBelow(
  value: unknown,
  schemas: readonly unknown[],
  resolve: (value: unknown) => Json | undefined,
  path: string,
): string[] {
  return inEvery(
    schemas.map((schema) => {
      const parts = partsOf(schema, resolve);
      if (Array.isArray(value)) {
        const items = parts.map((part) => part.items).filter((items) => items !== undefined && !Array.isArray(items));
        return value.flatMap((item, i) => (items.length === 0 ? [] : undeclaredBelow(item, items, resolve, `${path}[${String(i)}]`)));
      }
      if (value === null || typeof value !== "object") return [];
      const open = parts.some(
        (part) => (part.additionalProperties !== undefined && part.additionalProperties !== false) || part.patternProperties !== undefined,
      );
      const declared = propertiesOf(parts);
      if (open || declared.size === 0) return [];
      return Object.entries(value).flatMap(([key, field]) => {
        const found = declared.get(key);
        return found === undefined ? [`${path}.${key}`] : undeclaredBelow(field, found, resolve, `${path}.${key}`);
      });
    }),
  );
}

/** Examples whose body carries a key no schema declares (`where: keys`), gathered by callsOf. */
const foreign: string[] = [];

const NEVER = "__never__";
/** A call's options as TypeScript: JSON, with `null as never` where a required parameter has no example. */
const literal = (value: unknown): string => JSON.stringify(value).replaceAll(`"${NEVER}"`, "(null as never)");

interface Counts {
  examples: number;
  otherMediaType: number;
  invalid: number;
  uncompiled: number;
  calls: number;
  negatives: number;
}

/** The calls a description's examples make: valid ones, and negatives each made invalid one way. */
async function callsOf(sample: string, counts: Counts): Promise<{ file: string; calls: Call[]; negatives: Call[] }> {
  const { spec: description } = await readDescription(join(fixtures, sample));
  // The examples are read as JSON, whatever their shape: the description's types do not hold them.
  const spec = description as unknown as Json;
  const validator = validatorOf(spec);
  const { resolve: follow, routes } = routesOf(description, true);
  const resolve = (value: unknown): Json | undefined => follow(value as object) as Json | undefined;
  const name = sample.replace(/[/.]/g, "_");
  const info = (spec.info ?? {}) as { title?: string; version?: string };
  const map = generateRouteMap(description, {
    header: () => headerOf({ file: sample, title: info.title, version: info.version, baseUrl: undefined, name }),
    withQueries: true,
  });
  const file = join(dir, `${name}.ts`);
  writeFileSync(file, map.typescript);
  const calls: Call[] = [];
  const negatives: Call[] = [];
  /** Whether ajv finds `value` valid against `schema`; `undefined` when ajv cannot compile the schema. */
  const accepts = (value: unknown, schema: unknown): boolean | undefined => validator(schema)?.(value);
  /** Whether an example is valid, counted. */
  const valid = (value: unknown, schema: unknown): boolean | undefined => {
    counts.examples++;
    const ok = accepts(value, schema);
    if (ok === undefined) counts.uncompiled++;
    else if (!ok) counts.invalid++;
    return ok;
  };
  for (const { operation, names, route } of routes) {
    const rows = map.listing[route]!.slice(1) as [name: string, place: string, type: string, required: 0 | 1][];
    const dataRow = rows.some(([key]) => key === "data");
    // The call key of each parameter (namesOf), and its first valid example.
    const given: Record<string, unknown> = {};
    const named = [...names.variables, ...names.query, ...names.headers];
    for (const { parameter, call } of named) {
      if (parameter === undefined) continue;
      const read = parameter as unknown as Json;
      const holders: Json[] = [read, ...Object.values((read.content ?? {}) as Record<string, Json>)];
      for (const holder of holders) {
        const schema = holder.schema ?? read.schema;
        for (const [, value] of examplesOf(holder, resolve)) if (!(call in given) && valid(value, schema) === true) given[call] = value;
      }
    }
    for (const [key, place, , required] of rows)
      if (required === 1 && place !== "body" && place !== "data" && !(key in given)) given[key] = NEVER;
    /** The call's options without a body example: a required body key or `data` is filled with a `never` too. */
    const withoutBody = { ...given };
    for (const [key, , , required] of rows) if (required === 1 && !(key in withoutBody)) withoutBody[key] = NEVER;
    const body = resolve(operation.operation.requestBody);
    const bodies: [where: string, value: unknown, schema: unknown][] = [];
    // The map builds a JSON body where one is declared (generate's bodyOf): another media type's examples are not its calls.
    const content = Object.entries((body?.content ?? {}) as Record<string, Json>);
    const json = content.filter(([type]) => /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(type));
    for (const [type, media] of content) {
      const examples = examplesOf(media, resolve);
      if (json.length > 0 && !json.some(([other]) => other === type)) {
        counts.otherMediaType += examples.length;
        continue;
      }
      for (const [where, value] of examples)
        if (valid(value, media.schema) === true) bodies.push([`requestBody/content/${type}/${where}`, value, media.schema]);
    }
    const at = `${sample} ${route}`;
    const optionsWith = (value: unknown): Record<string, unknown> =>
      dataRow ? { ...given, data: value } : { ...given, ...(value as Record<string, unknown>) };
    const call = (options: Record<string, unknown>): string => `api(${JSON.stringify(route)}, ${literal(options)});`;
    const examplesGiven = Object.values(given).some((value) => value !== NEVER);
    if (bodies.length === 0 && examplesGiven) calls.push({ where: `${at} parameters`, source: call(withoutBody) });
    for (const [where, value, schema] of bodies) {
      if (!dataRow && (value === null || typeof value !== "object" || Array.isArray(value))) {
        calls.push({ where: `${at} ${where}`, source: call({ ...given, data: value }) });
        continue;
      }
      // A key no schema of the body declares: valid JSON Schema, refused by the map's exact keys.
      const declared = propertiesOf(partsOf(schema, resolve));
      const undeclared = Object.entries(value as object).flatMap(([key, field]) => {
        const schemas = declared.get(key);
        // Deeper, where the key's object schemas are closed: Xero's `Lineitems` beside `LineItems`.
        return schemas === undefined ? [key] : undeclaredBelow(field, schemas, resolve, key);
      });
      if (undeclared.length > 0) {
        foreign.push(`${at} ${where}: ${undeclared.join(", ")}`);
        continue;
      }
      const options = optionsWith(value);
      calls.push({ where: `${at} ${where}`, source: call(options) });
      if (dataRow) continue;
      const fields = value as Record<string, unknown>;
      const bodyRows = rows.filter(([, place]) => place === "body");
      // A key the schema does not declare: the map's keys are exact.
      negatives.push({ where: `${at} ${where} + unknown key`, source: call({ ...options, notDeclaredKey: 1 }) });
      const invalidated = (label: string, mutated: Record<string, unknown>): void => {
        if (accepts(mutated, schema) === false)
          negatives.push({ where: `${at} ${where} ${label}`, source: call({ ...given, ...mutated }) });
      };
      const required = bodyRows.find(([key, , , isRequired]) => isRequired === 1 && key in fields);
      if (required !== undefined) {
        const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== required[0]));
        invalidated(`without ${required[0]}`, rest);
      }
      const typed = bodyRows.find(([key, , type]) => typeof fields[key] === "string" && !type.includes("unknown"));
      if (typed !== undefined) invalidated(`${typed[0]} a list`, { ...fields, [typed[0]]: [[1]] });
      const enumerated = bodyRows.find(([key, , type]) => typeof fields[key] === "string" && /^"[^"]*"(?: \| "[^"]*")+$/.test(type));
      if (enumerated !== undefined) invalidated(`${enumerated[0]} outside its enum`, { ...fields, [enumerated[0]]: "not-one-of-the-enum" });
    }
  }
  counts.calls += calls.length;
  counts.negatives += negatives.length;
  return { file, calls, negatives };
}

/**
 * Hand-written negatives, one of each kind per company description: a required key missing, a
 * value outside an enum, a value of the wrong type, a key the route does not have; each with the
 * words of the error TypeScript must give on its line.
 */
const NEGATIVES: Record<string, [call: string, error: string][]> = {
  "okta/okta.yaml": [
    ['api("POST /api/v1/apps", { signOnMode: "BOOKMARK" })', "Property 'label' is missing"],
    ['api("POST /api/v1/apps", { label: "App", status: "PAUSED" })', `Type '"PAUSED"' is not assignable`],
    ['api("GET /api/v1/users", { limit: "ten" })', "Type 'string' is not assignable to type 'number'"],
    ['api("GET /api/v1/users", { serach: "Doe" })', "'serach' does not exist"],
  ],
  "discord/discord.json": [
    ['api("GET /guilds/{guild_id}/requests", { limit: 10 })', "Property 'guild_id' is missing"],
    // `enum: []`: no value is allowed.
    ['api("GET /guilds/{guild_id}/requests", { guild_id: "1", status: "SUBMITTED" })', "Type 'string' is not assignable"],
    ['api("GET /channels/{channel_id}/messages", { channel_id: "1", limit: "50" })', "Type 'string' is not assignable to type 'number'"],
    ['api("POST /channels/{channel_id}/messages", { channel_id: "1", contnet: "hi" })', "'contnet' does not exist"],
  ],
  "openai/openai.json": [
    ['api("POST /embeddings", { input: "hello" })', "Property 'model' is missing"],
    ['api("POST /files", { file: "x", purpose: "training" })', `Type '"training"' is not assignable`],
    // A list of lists of numbers: a list of lists of strings is not one.
    ['api("POST /embeddings", { model: "m", input: [["a"]] })', "is not assignable"],
    ['api("POST /files", { file: "x", purpose: "batch", expires: 3600 })', "'expires' does not exist"],
  ],
  "box/box.json": [
    [
      'api("POST https://api.box.com/oauth2/token#refresh", { grant_type: "refresh_token", client_id: "c", client_secret: "s" })',
      "Property 'refresh_token' is missing",
    ],
    ['api("POST https://api.box.com/oauth2/token", { grant_type: "password" })', `Type '"password"' is not assignable`],
    ['api("POST /folders", { name: "New", parent: { id: 0 } })', "Type 'number' is not assignable to type 'string'"],
    ['api("GET /search", { qeury: "contract" })', "'qeury' does not exist"],
  ],
  "asana/asana.yaml": [
    ['api("PUT /tasks/{task_gid}", { data: {} })', "Property 'task_gid' is missing"],
    // A comma-separated list keeps its items' enum: a misspelt field is an error.
    ['api("GET /tasks", { opt_fields: ["nmae"] })', `Type '"nmae"' is not assignable`],
    ['api("GET /tasks", { limit: "20" })', "Type 'string' is not assignable to type 'number'"],
    ['api("GET /tasks", { projcet: "1" })', "'projcet' does not exist"],
  ],
  "plaid/plaid.yml": [
    ['api("POST /accounts/get", { client_id: "c", secret: "s" })', "Property 'access_token' is missing"],
    [
      'api("POST /link/token/create", { client_name: "App", language: "en", country_codes: ["XX"], user: { client_user_id: "u" } })',
      `Type '"XX"' is not assignable`,
    ],
    ['api("POST /accounts/get", { access_token: 1 })', "Type 'number' is not assignable to type 'string'"],
    ['api("POST /accounts/get", { access_token: "a", acount_ids: [] })', "'acount_ids' does not exist"],
  ],
  "adyen/CheckoutService-v72.json": [
    ['api("POST /cancels", { paymentReference: "p" })', "Property 'merchantAccount' is missing"],
    [
      'api("POST /paymentLinks", { amount: { currency: "EUR", value: 1 }, merchantAccount: "m", reference: "r", recurringProcessingModel: "Monthly" })',
      `Type '"Monthly"' is not assignable`,
    ],
    ['api("POST /cancels", { merchantAccount: "m", paymentReference: 1 })', "Type 'number' is not assignable to type 'string'"],
    ['api("POST /cancels", { merchantAccount: "m", paymentReference: "p", refrence: "r" })', "'refrence' does not exist"],
  ],
  "xero/xero-payroll-uk.yaml": [
    [
      'api("POST /Employees/{EmployeeID}/Employment", { "Xero-Tenant-Id": "t", EmployeeID: "e", payrollCalendarID: "c", employeeNumber: "1", niCategories: [] })',
      "Property 'startDate' is missing",
    ],
    // `NICategory`'s oneOf narrows `niCategory` to the letters of each variant: A is a letter of neither.
    [
      'api("POST /Employees/{EmployeeID}/Employment", { "Xero-Tenant-Id": "t", EmployeeID: "e", payrollCalendarID: "c", startDate: "2020-04-01", employeeNumber: "1", niCategories: [{ niCategory: "A", workplacePostcode: "SW1A 1AA" }] })',
      `Type '"A"' is not assignable`,
    ],
    [
      'api("POST /Employees/{EmployeeID}/Employment", { "Xero-Tenant-Id": "t", EmployeeID: "e", payrollCalendarID: "c", startDate: "2020-04-01", employeeNumber: 1, niCategories: [] })',
      "Type 'number' is not assignable to type 'string'",
    ],
    [
      'api("POST /Employees/{EmployeeID}/Employment", { "Xero-Tenant-Id": "t", EmployeeID: "e", payrollCalendarID: "c", startDate: "2020-04-01", employeeNumber: "1", niCategories: [{ niCategory: "I", workplacePostcod: "SW1A 1AA" }] })',
      "'workplacePostcod' does not exist",
    ],
  ],
  "lob/lob-api-bundled.yml": [
    ['api("POST /addresses", { name: "Harry" })', "Property 'address_line1' is missing"],
    [
      'api("POST /postcards", { to: "adr_1", front: "f", back: "b", use_type: "marketing", size: "5x7" })',
      `Type '"5x7"' is not assignable`,
    ],
    ['api("POST /addresses", { address_line1: 210 })', "Type 'number' is not assignable"],
    ['api("POST /addresses", { address_line1: "210 King St", adress_city: "SF" })', "'adress_city' does not exist"],
  ],
};

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test("a description's valid request examples compile through its map, and each made invalid fails", async () => {
  mkdirSync(dir, { recursive: true });
  const zero = (): Counts => ({ examples: 0, otherMediaType: 0, invalid: 0, uncompiled: 0, calls: 0, negatives: 0 });
  const counts = zero();
  /** Each sample's own counts. */
  const bySample = new Map<string, Counts>();
  const files: string[] = [];
  const positions: Call[][] = [];
  for (const sample of samples) {
    const own = zero();
    const { file, calls, negatives } = await callsOf(sample, own);
    bySample.set(sample, own);
    for (const name of Object.keys(own) as (keyof Counts)[]) counts[name] += own[name];
    const base = file.replace(/\.ts$/, "");
    const lines = [
      `import type { EndpointInterface } from "rest-endpoint";`,
      `import type { Routes } from "./${base.slice(dir.length + 1)}.js";`,
      `declare const api: EndpointInterface<Routes>;`,
    ];
    const callsFile = `${base}.calls.ts`;
    writeFileSync(callsFile, [...lines, ...calls.map(({ source }) => source)].join("\n"));
    const written = (NEGATIVES[sample] ?? []).map(([source, error]): Call => ({
      where: `${sample} ${source}`,
      source: `${source};`,
      error,
    }));
    negatives.push(...written);
    const negativesFile = `${base}.negatives.ts`;
    writeFileSync(negativesFile, [...lines, ...negatives.map(({ source }) => source)].join("\n"));
    files.push(callsFile, negativesFile);
    positions.push(calls, negatives);
  }
  const program = ts.createProgram(files, { ...strictProject(["lib.es2022.d.ts", "lib.dom.d.ts"]), skipLibCheck: false });
  const failed = new Map<string, string>();
  /** Errors outside the calls: in a map itself, which must compile. */
  const elsewhere: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const { file, start } = diagnostic;
    const index = file === undefined ? -1 : files.indexOf(file.fileName);
    if (index === -1) {
      elsewhere.push(`${file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
      continue;
    }
    const line = file === undefined ? -1 : file.getLineAndCharacterOfPosition(start ?? 0).line - 3;
    const call = index === -1 ? undefined : positions[index]![line];
    failed.set(call?.where ?? file?.fileName ?? "", ts.flattenDiagnosticMessageText(diagnostic.messageText, " "));
  }
  const wrongly = positions
    .filter((_, index) => index % 2 === 0)
    .flat()
    .filter(({ where }) => failed.has(where))
    .map(({ where }) => `${where}: ${failed.get(where)!}`);
  const passed = positions
    .filter((_, index) => index % 2 === 1)
    .flat()
    .filter(({ where, error }) => !failed.has(where) || (error !== undefined && !failed.get(where)!.includes(error)))
    .map(({ where }) => `${where}: ${failed.get(where) ?? "compiles"}`);
  expect(elsewhere).toEqual([]);
  expect(wrongly).toEqual([]);
  expect(passed).toEqual([]);
  // What the sample holds: 655 request examples of the media type each map builds, 35 of them
  // invalid against their own schema (Okta's applications name a `name` outside the variant's enum,
  // Box's `mdfilters` gives `filters` a list, …), 239 calls made from the valid ones, 480 negatives
  // made from those (and the 36 of NEGATIVES).
  expect(counts).toEqual({ examples: 655, otherMediaType: 101, invalid: 35, uncompiled: 0, calls: 239, negatives: 480 });
  // The three companies' descriptions added for issue 39 (docs/any-api.md, "A description's own examples").
  // Every valid example compiles (`wrongly` above), but for the keys listed in `foreign` below.
  expect(Object.fromEntries(COMPANIES.map((sample) => [sample, bySample.get(sample)]))).toEqual({
    "adyen/CheckoutService-v72.json": { examples: 76, otherMediaType: 0, invalid: 0, uncompiled: 0, calls: 54, negatives: 162 },
    "xero/xero-payroll-uk.yaml": { examples: 46, otherMediaType: 0, invalid: 3, uncompiled: 0, calls: 23, negatives: 63 },
    "xero/xero_accounting.yaml": { examples: 312, otherMediaType: 0, invalid: 4, uncompiled: 0, calls: 64, negatives: 69 },
    // Lob's bodies declare JSON, a form and multipart with one example each: the map builds JSON.
    "lob/lob-api-bundled.yml": { examples: 51, otherMediaType: 96, invalid: 7, uncompiled: 0, calls: 42, negatives: 115 },
  });
  // Valid JSON Schema, refused by the map's exact keys: keys the descriptions' schemas do not declare.
  expect(foreign).toEqual([
    ...[
      "createOAuth2ClientJsonWebKeyRequestBody",
      "createOAuth2ClientJsonInactiveEncryptionKeyRequestBody",
      "createOAuth2ClientJsonActiveEncryptionKeyRequestBody",
    ].map((name) => `okta/okta.yaml POST /api/v1/apps/{appId}/credentials/jwks requestBody/content/application/json/examples/${name}: id`),
    "plaid/plaid.yml POST /transfer/repayment/list requestBody/content/application/json/examples/example-1: start_time",
    // Xero: `bankTransactions` for `BankTransactions`, a list wrapper (`LinkedTransactions`,
    // `Payments`) where the schema is one record, `Lineitems` for `LineItems`, a key no line item
    // declares, one invoice where the schema is `{ RepeatingInvoices: [...] }`, `name` for `Name`;
    // Lob: `postal code` for `postal_code`.
    ...[
      "PUT /BankTransactions requestBody/content/application/json/example: bankTransactions",
      "PUT /ExpenseClaims requestBody/content/application/json/example: ExpenseClaims[0].Receipts[0].Lineitems",
      "POST /ExpenseClaims/{ExpenseClaimID} requestBody/content/application/json/example: ExpenseClaims[0].Receipts[0].Lineitems",
      "PUT /LinkedTransactions requestBody/content/application/json/example: LinkedTransactions",
      "POST /Payments requestBody/content/application/json/example: Payments",
      "PUT /Receipts requestBody/content/application/json/example: Receipts[0].Lineitems",
      "POST /Receipts/{ReceiptID} requestBody/content/application/json/example: Receipts[0].Lineitems",
      "POST /RepeatingInvoices requestBody/content/application/json/example: RepeatingInvoices[0].LineItems[0].DiscountEnteredAsPercent",
      "PUT /RepeatingInvoices requestBody/content/application/json/example: RepeatingInvoices[0].LineItems[0].DiscountEnteredAsPercent",
      "POST /RepeatingInvoices/{RepeatingInvoiceID} requestBody/content/application/json/example: Schedule, RepeatingInvoiceID, Type, Reference, HasAttachments, ApprovedForSending, SendCopy, MarkAsSent, IncludePDF, ID, Contact, Status, LineAmountTypes, LineItems, SubTotal, TotalTax, Total, CurrencyCode",
      "PUT /TrackingCategories requestBody/content/application/json/example: name",
      "PUT /TrackingCategories/{TrackingCategoryID}/Options requestBody/content/application/json/example: name",
      "POST /TrackingCategories/{TrackingCategoryID}/Options/{TrackingOptionID} requestBody/content/application/json/example: name",
    ].map((example) => `xero/xero_accounting.yaml ${example}`),
    "lob/lob-api-bundled.yml POST /intl_verifications requestBody/content/application/json/examples/basic: postal code",
    "lob/lob-api-bundled.yml POST /intl_verifications requestBody/content/application/json/examples/full_payload: postal code",
  ]);
}, 300_000);

/**
 * A route's parameters as the rows of the map (docs/any-api.md, "Parameter names"): path variables,
 * query parameters, header parameters and a request body's properties, each with its TypeScript
 * type (schema.ts), whether required, and its TSDoc.
 */
import { BODY_METHODS } from "../core/request.js";
import type { Parameter, RequestBody, Resolve, Schema, SchemaOrReference } from "./document.js";
import { bodyOf, dataType, isRequiredField, sequenceOf } from "./request-bodies.js";
import { callFields, isOriginRoute, takenBy, type Named, type RoutedOperation } from "./routes.js";
import { fileType, type TypeWriter } from "./schema.js";
import { schemaOf, typesOf } from "./schema-object.js";
import { docOf, parenthesized, union } from "./typescript.js";

/** A parameter of a route: name, where it goes, its TypeScript type, whether required, its TSDoc. */
type Row = [
  name: string,
  place: "path" | "query" | "querystring" | "header" | "body" | "data",
  type: string,
  required: boolean,
  doc: string,
];
/** Where a parameter of the call is sent. */
type Place = "path" | "query" | "querystring" | "header";
/**
 * A route's parameters as rows: path variables (required), query parameters, header parameters,
 * and the properties of a JSON, form or multipart body ({@link bodyOf}); a body of another media
 * type, one that is not an object, or whose keys clash with an option or a parameter, is one row `data`.
 */
export function parametersOf({ operation: { method, operation, parameters }, names, route }: RoutedOperation, types: TypeWriter): Row[] {
  const { resolve } = types;
  const rows: Row[] = isOriginRoute(route)
    ? [["origin", "path", "string", true, "/** The installation's origin, e.g. `https://github.example.com`. */ "]]
    : [];
  // The query of a method with content is declared in the route (routeOf): its names are variables.
  const carriesContent = BODY_METHODS.has(method.toLowerCase());
  const row = ({ parameter, call }: Named, place: Place): Row => {
    if (parameter === undefined) return [call, place, "string | number", true, ""];
    // A querystring's value is typed by the schema of its one media type (OpenAPI 3.2, Parameter Object).
    const given = place === "querystring" ? Object.values(parameter.content!)[0]!.schema : parameter.schema;
    const schema = schemaOf(resolve, given) ?? {};
    let type = place === "header" ? headerType(schema, resolve) : types.typeOf(given);
    // A list the description says is comma-separated also takes one string: the joined form. Its
    // items keep their type (an enum stays an enum), so that a misspelt item is still an error.
    if (place === "query" && /comma[- ]separated/i.test(parameter.description ?? "")) {
      const items =
        typesOf(schema).includes("array") && schema.items !== undefined && !Array.isArray(schema.items) ? schema.items : undefined;
      const item = items === undefined ? "string" : types.typeOf(items as Exclude<typeof schema.items, readonly unknown[]>);
      type = item === "string" || item === "unknown" ? "string | readonly string[]" : `${item} | readonly ${parenthesized(item)}[]`;
    }
    return [
      call,
      place,
      type,
      place === "path" || parameter.required === true,
      docOf({ description: parameter.description ?? schema.description, deprecated: parameter.deprecated ?? schema.deprecated }),
    ];
  };
  // In the order the description declares them; a path variable it forgot to declare comes last.
  const byParameter = new Map<Parameter | Named, [Named, Place]>();
  for (const named of names.variables) byParameter.set(named.parameter ?? named, [named, "path"]);
  for (const named of names.query) byParameter.set(named.parameter!, [named, "query"]);
  for (const named of names.headers) byParameter.set(named.parameter!, [named, "header"]);
  if (names.querystring !== undefined) byParameter.set(names.querystring.parameter!, [names.querystring, "querystring"]);
  const ordered = [...parameters, ...names.variables.filter(({ parameter }) => parameter === undefined)];
  for (const parameter of ordered) {
    const found = byParameter.get(parameter);
    if (found !== undefined) rows.push(row(...found));
  }
  // endpoint() refuses `data` for a method without content (GET, HEAD: RFC 9110 section 9.3.1 gives
  // it no meaning there); some descriptions (Stripe's) declare an empty form body on GET anyway.
  const body = carriesContent ? resolve<RequestBody>(operation.requestBody) : undefined;
  if (body === undefined) return rows;
  // A sequence of JSON texts (OpenAPI 3.2's itemSchema): `data`, the list of its items.
  const items = sequenceOf(body.content);
  if (items !== undefined)
    return [
      ...rows,
      ["data", "data", `readonly ${parenthesized(union(items.map((item) => types.typeOf(item))))}[]`, body.required === true, docOf(body)],
    ];
  const plan = bodyOf(body.content, resolve);
  // A body key named like a query parameter is one only where the query is declared (a method with content).
  const fields = callFields(plan, takenBy(names, route));
  if (plan === undefined || fields === undefined) {
    const type = plan?.kind === "json" ? types.typeOf(plan.media.schema) : dataType(body.content);
    return [...rows, ["data", "data", type, body.required === true, docOf(body)]];
  }
  // The shapes of a oneOf merge into one (fields.ts): a property takes the union of its declarations,
  // each the intersection of the schemas that declare it, and is required when every shape requires
  // it and none marks it readOnly. A union of one parameter object per shape would be exact, but it
  // made TypeScript weigh every route of the map on a call's first check.
  return [
    ...rows,
    ...[...fields.properties].map(([name, declarations]): Row => {
      const type = union(
        declarations.map(
          (declaration) =>
            (plan.kind === "multipart"
              ? declaration.map((schema) => fileType(schema, resolve)).find((file) => file !== undefined)
              : undefined) ?? types.intersection(declaration),
        ),
      );
      return [name, "body", type, isRequiredField(fields, name, resolve), docOf(schemaOf(resolve, declarations[0]![0]))];
    }),
  ];
}

/**
 * A header parameter's type as the run time sends it (lib/core/headers.ts: a string, a finite
 * number, or a list of them joined with `, `, RFC 9110 section 5.3): OpenAPI's `simple` style
 * writes a boolean as `true` or `false` (OpenAPI 3.1 section 4.8.12.4), typed as those strings; a
 * `date-time` as the string it is; an object, whose `simple` form (`k,v` or `k=v`) the caller
 * writes, and any other schema, as `string`.
 */
function headerType(schema: Schema, resolve: Resolve, nested = false): string {
  if (schema.enum !== undefined)
    return union(
      schema.enum.map((value) =>
        typeof value === "number" ? String(value) : JSON.stringify(typeof value === "string" ? value : String(value)),
      ),
    );
  const kinds = typesOf(schema);
  if (kinds.length === 0) return "string";
  return union(
    kinds.map((kind) => {
      if (kind === "integer" || kind === "number") return "number";
      if (kind === "boolean") return '"true" | "false"';
      const items = Array.isArray(schema.items) ? undefined : schemaOf(resolve, schema.items as SchemaOrReference | undefined);
      if (kind === "array" && !nested && items !== undefined) return `readonly ${parenthesized(headerType(items, resolve, true))}[]`;
      return "string";
    }),
  );
}

/**
 * Each route's entry of the table `rest-endpoint/queries` reads (query.ts's `Query`), where the
 * description declares its query, header parameters or body in another form than the library's
 * default, and the description's server with its variables.
 */
import { BODY_METHODS } from "../core/request.js";
import { queryExpression } from "../core/template.js";
import type { Document, Encoding, RequestBody, Resolve } from "./document.js";
import type { Form, Query, Querystring, Server } from "./queries.js";
import {
  bodyOf,
  encodingOf,
  FORM_MEDIA_TYPE,
  isRequiredField,
  JSON_MEDIA_TYPE,
  mediaTypeOf,
  sequenceOf,
  type BodyPlan,
} from "./request-bodies.js";
import { callFields, takenBy, type Named, type RoutedOperation } from "./routes.js";
import { schemaOf, typesOf } from "./schema-object.js";

/**
 * How the route's query is sent when the description declares it in another form than the
 * library's default (OpenAPI 3.1 section 4.8.12.4; `rest-endpoint/queries` reads it): `form`
 * exploded, the default, is `{?ids*}` (`ids=1&ids=2`), unexploded `{?ids}` (`ids=1,2`); `deepObject`
 * parameters are listed, and parameters sent under another variable than their call name (namesOf)
 * renamed. On a method that sends a body every query is declared, since a parameter the template
 * does not name goes to the body there. `spaceDelimited` and `pipeDelimited` lists are listed
 * with their delimiter, `allowReserved` parameters, header parameters with their field, a form
 * body's encoding ({@link formOf}), and a body's media type where `endpoint()` would give another
 * ({@link mediaTypeOf}); OpenAPI 3.2's querystring parameter ({@link querystringOf}) and a body
 * that is a sequence of JSON texts (`sequence`, typed from `itemSchema`). `undefined` when the route
 * needs none of it: every query parameter sent as the library sends it anyway (scalars, or lists
 * declared unexploded), no header parameter, the body's media type what `endpoint()` gives.
 */
export function queryOf({ operation, names, route, headerNames }: RoutedOperation, resolve: Resolve): Query | undefined {
  const varspecs: string[] = [];
  const deepObject: string[] = [];
  const renamed: Record<string, string> = {};
  const delimited: Record<string, string> = {};
  const allowReserved: string[] = [];
  const hasBody = BODY_METHODS.has(operation.method.toLowerCase());
  // A query parameter named like a header parameter of any operation (in any case) is sent as a
  // header on a route the table does not hold: this route is written, its template naming it.
  let needed =
    (hasBody && names.query.length > 0) ||
    names.querystring !== undefined ||
    names.query.some(({ call }) => headerNames.has(call.toLowerCase()));
  for (const { parameter, call, variable } of names.query) {
    const schema = schemaOf(resolve, parameter!.schema) ?? {};
    const style = parameter!.style ?? "form";
    const list = typesOf(schema).some((type) => type === "array" || type === "object");
    if (variable !== call) renamed[call] = variable;
    if (style === "deepObject") deepObject.push(call);
    // spaceDelimited and pipeDelimited lists (OpenAPI 3.1 section 4.8.12.4): one value, the items
    // joined with a space or a pipe; exploded, they are form's `ids=1&ids=2`.
    const delimiter = style === "spaceDelimited" ? " " : style === "pipeDelimited" ? "|" : undefined;
    const joined = delimiter !== undefined && list && parameter!.explode !== true;
    if (joined) delimited[call] = delimiter;
    const explode = list && (style === "form" ? (parameter!.explode ?? true) : delimiter !== undefined && parameter!.explode === true);
    // allowReserved (OpenAPI 3.1 section 4.8.12.2): the value's reserved characters are sent as they are.
    if (parameter!.allowReserved === true) allowReserved.push(call);
    needed ||= explode || joined || variable !== call || style === "deepObject" || parameter!.allowReserved === true;
    varspecs.push(`${variable}${explode ? "*" : ""}`);
  }
  const requestBody = hasBody ? resolve<RequestBody>(operation.operation.requestBody) : undefined;
  const content = requestBody?.content;
  const sequence = sequenceOf(content) !== undefined;
  // A sequence body of several media types is sent as the first unless the call sets another of them.
  const contentType = sequence ? Object.keys(content!)[0] : mediaTypeOf(content);
  const plan = hasBody ? bodyOf(content, resolve) : undefined;
  const form = formOf(plan, takenBy(names, route));
  // A required body (OpenAPI 3.1 section 4.8.13.1) whose fields the call gives as keys, none of them
  // required: a call that gives none still sends one, `{}` (withQueries), which the body's keys cannot say.
  const fields = requestBody?.required === true ? callFields(plan, takenBy(names, route)) : undefined;
  const requiredBody = fields !== undefined && ![...fields.properties.keys()].some((name) => isRequiredField(fields, name, resolve));
  // Body fields named (in any case) like a header parameter of an operation: sent in the body here.
  const callBody = callFields(plan, takenBy(names, route));
  const bodyFields = callBody === undefined ? [] : [...callBody.properties.keys()].filter((name) => headerNames.has(name.toLowerCase()));
  // A fragment in a path key (Box's `/oauth2/token#refresh`) names a second operation of one path:
  // it stays in the route, and is no part of the request target (RFC 3986 section 3.5).
  const path = route.slice(route.indexOf(" ") + 1);
  const target = path.split("#", 1)[0]!;
  if (
    !needed &&
    target === path &&
    contentType === undefined &&
    names.headers.length === 0 &&
    form === undefined &&
    !requiredBody &&
    bodyFields.length === 0
  )
    return undefined;
  return {
    template: `${operation.method} ${target}${queryExpression(target.includes("?"), varspecs)}`,
    ...(deepObject.length > 0 ? { deepObject } : {}),
    ...(Object.keys(renamed).length > 0 ? { renamed } : {}),
    ...(Object.keys(delimited).length > 0 ? { delimited } : {}),
    ...(allowReserved.length > 0 ? { allowReserved } : {}),
    ...(contentType === undefined ? {} : { contentType }),
    ...(form === undefined ? {} : { form }),
    ...(requiredBody ? { requiredBody } : {}),
    ...(sequence ? { sequence } : {}),
    ...(bodyFields.length > 0 ? { bodyFields } : {}),
    ...(names.querystring === undefined ? {} : { querystring: querystringOf(names.querystring) }),
    ...(names.headers.length === 0
      ? {}
      : { headers: Object.fromEntries(names.headers.map(({ call, parameter }) => [call, parameter!.name])) }),
  };
}

/**
 * How OpenAPI 3.2's querystring parameter is sent (Parameter Object, `in: querystring`; shapes.ts
 * checked its one media type): `form`, `application/x-www-form-urlencoded`, with its `encoding`'s
 * deepObject and `explode: false` fields; `json`, a JSON media type, the JSON text percent-encoded;
 * `string`, any other media type, whose schema is a string, percent-encoded.
 */
function querystringOf({ parameter, call }: Named): Querystring {
  const [type, media] = Object.entries(parameter!.content!)[0]!;
  if (!FORM_MEDIA_TYPE.test(type)) return { name: call, as: JSON_MEDIA_TYPE.test(type) ? "json" : "string" };
  return { name: call, as: "form", ...encodingOf(media) };
}

/**
 * How a form body's fields are sent (`rest-endpoint/queries` builds it), when the call gives them as
 * keys: the form's media type, and from its `encoding` (OpenAPI 3.1 section 4.8.15) the fields of
 * `style: deepObject` and those of `explode: false`, and a multipart field's `contentType`;
 * `undefined` for a body of another kind.
 */
function formOf(plan: BodyPlan | undefined, taken: ReadonlySet<string>): Form | undefined {
  if (plan === undefined || plan.kind === "json" || callFields(plan, taken) === undefined) return undefined;
  if (plan.kind === "form") return { mediaType: "application/x-www-form-urlencoded", ...encodingOf(plan.media) };
  // A multipart part's own media type (OpenAPI 3.1 section 4.8.15.1), only for fields that declare one.
  const typed = Object.entries((plan.media as { encoding?: Record<string, Encoding> }).encoding ?? {}).filter(
    (entry): entry is [string, Encoding & { contentType: string }] => typeof entry[1].contentType === "string",
  );
  const contentType = Object.fromEntries(typed.map(([name, field]) => [name, field.contentType]));
  return { mediaType: "multipart/form-data", ...encodingOf(plan.media), ...(typed.length > 0 ? { contentType } : {}) };
}

/**
 * The description's first server when its URL has variables: the URL and each variable's default
 * and enum, as strings (OpenAPI 3.1 section 4.8.6); else `undefined`.
 */
export function serverOf(spec: Document): Server | undefined {
  const first = spec.servers?.[0];
  if (first === undefined || !/\{[^{}]+\}/.test(first.url)) return undefined;
  const declared = first.variables ?? {};
  const names = [...first.url.matchAll(/\{([^{}]+)\}/g)].map(([, name]) => name!);
  const variables = Object.fromEntries(
    names.map((name) => {
      const variable = Object.hasOwn(declared, name) ? declared[name]! : undefined;
      return [
        name,
        {
          ...(variable?.default === undefined ? {} : { default: variable.default }),
          ...(variable?.enum !== undefined && variable.enum.length > 0 ? { enum: variable.enum } : {}),
        },
      ];
    }),
  );
  return { url: first.url, variables };
}

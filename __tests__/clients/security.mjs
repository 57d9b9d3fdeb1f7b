// Sends the calls of a generated module's routes with one real client, through its converter, in a
// fresh process that imports that client alone (senders.mjs), the credentials bound by the module's
// own `credentials()`: `node security.mjs <client> <baseUrl> <module> <credentials JSON> <calls JSON>`,
// each call `[route, parameters]`. Runs the built package (dist/) and the module `generate` wrote.
import { pathToFileURL } from "node:url";
import { createEndpoint } from "../../dist/index.js";
import { withQueries } from "../../dist/queries.js";
import { senderFor } from "./senders.mjs";

const [client, baseUrl, module, credentials, calls] = process.argv.slice(2);
const send = await senderFor(client);
const map = await import(pathToFileURL(module).href);
const api = withQueries(createEndpoint({ baseUrl }), map.queries, map.credentials(JSON.parse(credentials)));
for (const [route, parameters] of JSON.parse(calls)) await send(api(route, parameters));

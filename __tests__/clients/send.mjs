// Sends every case of cases.mjs with one real HTTP client, through rest-endpoint's converter for
// it, as users do: `node send.mjs <client> <baseUrl>`. Runs the built package (dist/).
import { endpoint } from "../../dist/index.js";
import { cases } from "./cases.mjs";
import { senderFor } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
const send = await senderFor(client);
for (const options of Object.values(cases(endpoint, baseUrl))) await send(options);

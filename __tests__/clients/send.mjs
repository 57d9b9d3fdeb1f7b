// Sends every case of cases.mjs with one real HTTP client, through rest-endpoint's converter for
// it, as users do: `node send.mjs <client> <baseUrl>`. Runs the built package (dist/).
import { endpoint } from "../../dist/index.js";
import { cases } from "./cases.mjs";
import { senders } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
for (const options of Object.values(cases(endpoint, baseUrl))) await senders[client](options);

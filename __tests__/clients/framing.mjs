// Tries each framing a caller can ask for, with every body kind, through one real client and its
// converter: `node framing.mjs <client> <baseUrl>`. Header names are given as callers write them,
// in any case, on request options built by hand from endpoint()'s. Prints, per case, "sent" or the
// EndpointError's code; the server's record shows what reached the wire.
import { endpoint } from "../../dist/index.js";
import { kinds } from "./kinds.mjs";
import { senderFor } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
const send = await senderFor(client);
const cases = [];
for (const kind of Object.keys(kinds)) {
  for (const name of ["content-length", "Content-Length"]) cases.push([`${kind} with ${name}: 1`, kind, { [name]: "1" }]);
}
for (const name of ["transfer-encoding", "Transfer-Encoding", "TRANSFER-ENCODING"])
  cases.push([`string with ${name}`, "string", { [name]: "chunked" }]);
// Fields of the connection each client manages itself (fetch, undici and ky threw on the first
// three, node:http, axios and got on trailer): refused by every converter.
for (const [name, value] of [
  ["Keep-Alive", "timeout=5"],
  ["upgrade", "websocket"],
  ["Expect", "100-continue"],
  ["trailer", "x-t"],
])
  cases.push([`string with ${name}`, "string", { [name]: value }]);
cases.push(["string with Content-Length: 3", "string", { "Content-Length": "3" }]);
cases.push(["no body with Content-Length: 5", undefined, { "Content-Length": "5" }]);

const outcomes = {};
for (const [name, kind, extra] of cases) {
  const route = kind === undefined ? "GET /{case}" : "POST /{case}";
  const options = endpoint(route, { baseUrl, case: name, ...(kind === undefined ? {} : { data: kinds[kind]() }) });
  try {
    await send({ ...options, headers: { ...options.headers, ...extra } });
    outcomes[name] = "sent";
  } catch (error) {
    outcomes[name] = error.code ?? String(error);
  }
}
console.log(JSON.stringify(outcomes));

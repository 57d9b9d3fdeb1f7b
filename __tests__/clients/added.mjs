// Sends, with one real HTTP client through rest-endpoint's converter for it, two requests whose
// options hold neither `accept` nor `content-type`: a GET, and a POST of a `Blob` with a type of its
// own (which got and node:http cannot send: their converters refuse it); and that Blob beside the
// options' own content-type. `node added.mjs <client>
// <baseUrl>`; prints the request options of each, or the refusal's code. Runs the built package (dist/).
import { createEndpoint } from "../../dist/index.js";
import { senderFor } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
const send = await senderFor(client);
const api = createEndpoint({ baseUrl });
const printed = {};
for (const [name, options] of [
  ["get", api("GET /get")],
  ["blob", api("POST /blob", { data: new Blob(["b"], { type: "text/x-blob" }) })],
  ["typed", api("POST /typed", { data: new Blob(["b"], { type: "text/x-blob" }), headers: { "content-type": "application/y" } })],
]) {
  try {
    await send(options);
    printed[name] = options.headers;
  } catch (error) {
    printed[name] = error.code;
  }
}
console.log(JSON.stringify(printed));

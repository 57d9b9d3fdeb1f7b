// Sends two requests with one real HTTP client, through rest-endpoint's converter for it: one whose
// `request.signal` is already aborted, which the client must not send, and one whose signal is not,
// which it must: `node abort.mjs <client> <baseUrl>`. Prints what became of each. Runs the built
// package (dist/).
import { endpoint } from "../../dist/index.js";
import { senderFor } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
const send = await senderFor(client);
const outcome = async (route, signal) => {
  try {
    await send(endpoint(route, { baseUrl, request: { signal } }));
    return "sent";
  } catch (error) {
    return signal.aborted ? "aborted" : `failed: ${error}`;
  }
};
console.log(
  JSON.stringify({
    aborted: await outcome("POST /aborted", AbortSignal.abort()),
    live: await outcome("POST /live", new AbortController().signal),
  }),
);

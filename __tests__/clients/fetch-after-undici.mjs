// fetch through toFetch in a process that imported undici 7 first (which sets the global dispatcher):
// request options with their body's own content-length, `node fetch-after-undici.mjs fetch <baseUrl>`.
// Prints "sent" or the error fetch threw. Runs the built package (dist/).
import "undici";
import { createEndpoint } from "../../dist/index.js";
import { toFetch } from "../../dist/clients.js";

const baseUrl = process.argv[3];
const options = createEndpoint({ baseUrl })("POST /counted", { data: "abc", headers: { "content-length": 3 } });
try {
  await (await fetch(...toFetch(options))).text();
  console.log(JSON.stringify("sent"));
} catch (error) {
  console.log(JSON.stringify(`${error} ${error.cause ?? ""}`));
}

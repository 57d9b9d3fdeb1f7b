// Sends the multipart bodies withQueries builds with one real client, through its converter, in a
// fresh process that imports that client alone (senders.mjs): `node multipart.mjs <client> <baseUrl>`.
// Prints, per case, "sent" or the EndpointError's code; each request names its case in the target.
import { File } from "node:buffer";
import { endpoint } from "../../dist/index.js";
import { withQueries } from "../../dist/queries.js";
import { senderFor } from "./senders.mjs";

const [client, baseUrl] = process.argv.slice(2);
const send = await senderFor(client);
const api = withQueries(endpoint.defaults({ baseUrl }), {
  "POST /{case}": {
    template: "POST /{case}",
    // The description's encoding.<field>.contentType (OpenAPI 3.1 section 4.8.15.1), as generate writes it.
    form: { mediaType: "multipart/form-data", contentType: { report: "application/json", photo: "image/gif, image/png" } },
  },
});
const fields = () => ({
  title: "Bug",
  count: 2,
  tags: ["a", "b"],
  meta: { k: 1 },
  note: "line 1\nline 2",
  file: new File(["xyz"], "a.txt", { type: "text/plain" }),
  bytes: new Blob([new Uint8Array([0, 255])]),
  report: new Blob(["{}"]),
  photo: new File(["GIF89a"], "cat.gif"),
});
const cases = {
  "no content-type": {},
  "content-type multipart/form-data": { "content-type": "multipart/form-data" },
  "content-type Multipart/Form-Data": { "content-type": " Multipart/Form-Data " },
  "content-type with another boundary": { "content-type": "multipart/form-data; boundary=x" },
  "content-type application/json": { "content-type": "application/json" },
};
const outcomes = {};
for (const [name, headers] of Object.entries(cases)) {
  try {
    await send(api("POST /{case}", { case: name, headers, ...fields() }));
    outcomes[name] = "sent";
  } catch (error) {
    outcomes[name] = error.code ?? String(error);
  }
}
if (client === "undici") {
  // undici's own FormData, another class than the global one.
  const { FormData } = await import("undici");
  const form = new FormData();
  form.append("title", "Bug");
  form.append("file", new Blob(["xyz"], { type: "text/plain" }), "a.txt");
  await send(endpoint("POST /{case}", { baseUrl, case: "undici's FormData", data: form }));
  outcomes["undici's FormData"] = "sent";
}
console.log(JSON.stringify(outcomes));

// Sends a body of each kind the ClientBody type lists with one real client, through its converter:
// `node kinds.mjs <client> <baseUrl>`. Prints, per kind, "sent" or the EndpointError's code.
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { endpoint } from "../../dist/index.js";
import { senderFor } from "./senders.mjs";

const abc = () => new TextEncoder().encode("abc");
/** Each kind, and the body the server must receive for it. */
export const kinds = {
  string: () => "abc",
  Uint8Array: abc,
  ArrayBuffer: () => abc().buffer,
  Blob: () => new Blob(["abc"]),
  URLSearchParams: () => new URLSearchParams("a=b c"),
  FormData: () => {
    const form = new FormData();
    form.append("a", "b");
    return form;
  },
  ReadableStream: () =>
    new ReadableStream({
      start(controller) {
        controller.enqueue(abc());
        controller.close();
      },
    }),
  "async iterable": () =>
    (async function* () {
      yield abc();
    })(),
  "Node Readable": () => Readable.from([Buffer.from("abc")]),
};

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();

async function main() {
  const [client, baseUrl] = process.argv.slice(2);
  const send = await senderFor(client);
  const outcomes = {};
  for (const [kind, make] of Object.entries(kinds)) {
    try {
      // Each request names its kind in the target, so that the server's record can be matched.
      await send(endpoint("POST /{kind}", { baseUrl, kind, data: make() }));
      outcomes[kind] = "sent";
    } catch (error) {
      outcomes[kind] = error.code ?? String(error);
    }
  }
  console.log(JSON.stringify(outcomes));
}

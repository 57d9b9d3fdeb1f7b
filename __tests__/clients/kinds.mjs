// Sends a body of each kind the ClientBody type lists with one real client, through its converter:
// `node kinds.mjs <client> <baseUrl>`. Prints, per kind, "sent" or the EndpointError's code.
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";
import axios from "axios";
import got from "got";
import ky from "ky";
import { request as undiciRequest } from "undici";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../dist/clients.js";
import { endpoint } from "../../dist/index.js";

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

const [client, baseUrl] = process.argv.slice(2);
const send = {
  fetch: async (options) => (await fetch(...toFetch(options))).text(),
  undici: async (options) => (await undiciRequest(...toUndici(options))).body.text(),
  axios: async (options) => (await axios.request({ ...toAxios(options), validateStatus: () => true })).data,
  got: async (options) => {
    const [url, init] = toGot(options);
    return got(url, { ...init, throwHttpErrors: false, retry: { limit: 0 } }).text();
  },
  ky: async (options) => {
    const [url, init] = toKy(options);
    return ky(url, { ...init, retry: 0, throwHttpErrors: false }).text();
  },
  "node:http": (options) =>
    new Promise((resolve, reject) => {
      const [url, init, body] = toNodeHttp(options);
      httpRequest(url, init, (response) => response.resume().on("end", resolve))
        .on("error", reject)
        .end(body);
    }),
}[client];
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

// How a user sends request options with each real HTTP client, through rest-endpoint's converter
// for it (the built package, dist/). `senderFor(client)` imports that client alone, as docs/clients.md's
// recipe does, so that in a fresh process no other client's import can change what it does (Node 20's
// bundled undici sets undici's global dispatcher when anything touches the global FormData or fetch
// first). Each sender resolves with the response's text.
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../dist/clients.js";

const loaders = {
  fetch: async () => async (options) => (await fetch(...toFetch(options))).text(),
  undici: async () => {
    const { request } = await import("undici");
    return async (options) => (await request(...toUndici(options))).body.text();
  },
  axios: async () => {
    const { default: axios } = await import("axios");
    return async (options) => (await axios.request({ ...toAxios(options), validateStatus: () => true })).data;
  },
  got: async () => {
    const { default: got } = await import("got");
    return async (options) => {
      const [url, init] = toGot(options);
      return got(url, { ...init, throwHttpErrors: false, retry: { limit: 0 } }).text();
    };
  },
  ky: async () => {
    const { default: ky } = await import("ky");
    return async (options) => {
      const [url, init] = toKy(options);
      return ky(url, { ...init, retry: 0, throwHttpErrors: false }).text();
    };
  },
  "node:http": async () => {
    const { request } = await import("node:http");
    return (options) =>
      new Promise((resolve, reject) => {
        const [url, init, body] = toNodeHttp(options);
        request(url, init, (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve(text));
        })
          .on("error", reject)
          .end(body);
      });
  },
};

/** The sender of `client`, its module imported now and no other client's. */
export const senderFor = (client) => loaders[client]();

// How a user sends request options with each real HTTP client, through rest-endpoint's converter
// for it (the built package, dist/). Each sender resolves with the response's text.
import { request as httpRequest } from "node:http";
import axios from "axios";
import got from "got";
import ky from "ky";
import { request as undiciRequest } from "undici";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../dist/clients.js";

export const senders = {
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
      httpRequest(url, init, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve(text));
      })
        .on("error", reject)
        .end(body);
    }),
};

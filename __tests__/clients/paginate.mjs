// Pages through a list on a server on 127.0.0.1 with one real HTTP client, through rest-endpoint's
// converter for it, following each response's Link header with followLink, as docs/usage.md
// ("Pagination") teaches: `node paginate.mjs <client> <baseUrl> [results]`. With `results`, the
// server marks its last page as Sentry does, a `next` link with `results="false"`
// (https://docs.sentry.io/api/pagination/), and the loop follows a `next` link only while its
// `results` is not "false". Prints the items, as JSON.
// Runs the built package (dist/).
import { request as httpRequest } from "node:http";
import axios from "axios";
import got from "got";
import ky from "ky";
import { request as undiciRequest } from "undici";
import { endpoint, followLink } from "../../dist/index.js";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici } from "../../dist/clients.js";

/** Each client's send: the page's items and the response's header fields, in that client's own shape. */
const senders = {
  fetch: async (options) => {
    const response = await fetch(...toFetch(options));
    return [await response.json(), response.headers];
  },
  undici: async (options) => {
    const { body, headers } = await undiciRequest(...toUndici(options));
    return [await body.json(), headers];
  },
  axios: async (options) => {
    const { data, headers } = await axios.request(toAxios(options));
    return [data, headers];
  },
  got: async (options) => {
    const [url, init] = toGot(options);
    const response = await got(url, { ...init, retry: { limit: 0 } });
    return [JSON.parse(response.body), response.headers];
  },
  ky: async (options) => {
    const [url, init] = toKy(options);
    const response = await ky(url, { ...init, retry: 0 });
    return [await response.json(), response.headers];
  },
  "node:http": (options) =>
    new Promise((resolve, reject) => {
      const [url, init, body] = toNodeHttp(options);
      httpRequest(url, init, (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve([JSON.parse(text), response.headers]));
      })
        .on("error", reject)
        .end(body);
    }),
};

const [client, baseUrl, marked] = process.argv.slice(2);
const rel = marked === "results" ? (link) => link.rel.includes("next") && link.attributes.results !== "false" : "next";
const api = endpoint.defaults({
  baseUrl,
  headers: { authorization: "token ghp_0123456789", "x-github-api-version": "2022-11-28" },
  mediaType: { format: "raw" },
});
const items = [];
for (let request = api("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 2 }); request !== undefined;) {
  const [page, headers] = await senders[client](request);
  items.push(...page);
  request = followLink(request, headers, rel);
}
console.log(JSON.stringify(items));

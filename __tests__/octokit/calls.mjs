// The calls of docs/octokit.md, "What changes for an Octokit user", through the real @octokit/request
// (stock, or with rest-endpoint-octokit swapped in by swap-octokit.mjs), to a fetch that records
// what would be sent and answers nothing over the network. `octokit.paginate` follows a `Link` by
// calling `request({ method, url: <the link's target>, headers })`: the last two calls are its.
// Prints, for each call, the requests sent (method, URL, authorization) or the error's code.
import { request } from "@octokit/request";

const sent = [];
const fetch = async (url, init) => {
  sent.push([init.method, url, new globalThis.Headers(init.headers).get("authorization")]);
  return new globalThis.Response("[]", { status: 200, headers: { "content-type": "application/json" } });
};
const github = request.defaults({ headers: { authorization: "token ghp_0123" }, request: { fetch } });
const calls = {
  "getContent /a": () => github("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "/a" }),
  "getContent a//b": () => github("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a//b" }),
  "paginate <?page=3>": () => github({ method: "GET", url: "?page=3" }),
  "paginate another origin": () => github({ method: "GET", url: "https://evil.example/next?page=2" }),
};
const printed = {};
for (const [name, call] of Object.entries(calls)) {
  sent.length = 0;
  try {
    await call();
    printed[name] = { sent: [...sent] };
  } catch (error) {
    printed[name] = { sent: [...sent], code: error.code ?? error.status };
  }
}
console.log(JSON.stringify(printed));

// Sends `PATCH /repos/{owner}/{repo}/issues/{issue_number}` through the real @octokit/request, with
// rest-endpoint in place of @octokit/endpoint: `node --import ./swap-endpoint.mjs patch.mjs <baseUrl>
// <plain|upper-case>`. "upper-case" is the fix docs/octokit.md gives: a fetch that upper-cases the
// method. Prints the status, or the error's status and message.
import { endpoint as swapped } from "@octokit/endpoint";
import { request } from "@octokit/request";
import { VERSION } from "../../dist/index.js";

const [baseUrl, mode] = process.argv.slice(2);
const fetchUpperCase = (url, init) => fetch(url, { ...init, method: init.method.toUpperCase() });
try {
  const response = await request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
    baseUrl,
    owner: "octokit",
    repo: "rest.js",
    issue_number: 1,
    state: "closed",
    ...(mode === "upper-case" ? { request: { fetch: fetchUpperCase } } : {}),
  });
  console.log(
    JSON.stringify({ swapped: swapped.DEFAULTS.headers["user-agent"].startsWith(`rest-endpoint/${VERSION}`), status: response.status }),
  );
} catch (error) {
  console.log(
    JSON.stringify({ swapped: swapped.DEFAULTS.headers["user-agent"].startsWith(`rest-endpoint/${VERSION}`), status: error.status }),
  );
}

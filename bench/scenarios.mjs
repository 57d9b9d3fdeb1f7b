// The benchmark scenarios of the performance issue, each as a function of an endpoint function, so
// that rest-endpoint and @octokit/endpoint run exactly the same calls.

/** Builds the scenarios for one library. `endpoint` is that library's endpoint function. */
export function scenarios(endpoint) {
  const chain = endpoint
    .defaults({ baseUrl: "https://ghe.example/api/v3" })
    .defaults({ headers: { authorization: "token ghp_0123456789", "x-github-api-version": "2022-11-28" } })
    .defaults({ per_page: 100 });
  const merged = endpoint.merge("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 });
  const twenty = {
    owner: "octokit",
    repo: "rest.js",
    milestone: "*",
    state: "open",
    assignee: "octocat",
    creator: "monalisa",
    mentioned: "hubot",
    labels: ["bug", "ui", "good first issue"],
    sort: "created",
    direction: "desc",
    since: "2026-01-01T00:00:00Z",
    per_page: 100,
    page: 2,
    type: "bug",
    fields: ["title", "body"],
    q: "is:open label:bug",
    ids: [1, 2, 3],
    visibility: "all",
    affiliation: "owner,collaborator",
    before: "Y3Vyc29yOnYyOpHOAAtB2g==",
    after: "Y3Vyc29yOnYyOpHOAAtB2w==",
    locked: false,
  };
  const upload = new Uint8Array(1024);
  return {
    "a GET, 2 path + 2 query": () =>
      endpoint("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 }),
    "b POST, 2 path + 6-key body": () =>
      endpoint("POST /repos/{owner}/{repo}/issues", {
        owner: "octokit",
        repo: "rest.js",
        title: "Found a bug",
        body: "I'm having a problem with this.",
        assignees: ["octocat"],
        milestone: 1,
        labels: ["bug", "ui"],
        type: "bug",
      }),
    'c "GET /"': () => endpoint("GET /"),
    "d GET via 3-level defaults": () => chain("GET /repos/{owner}/{repo}/pulls", { owner: "octokit", repo: "rest.js" }),
    "e mediaType raw + 2 previews": () =>
      endpoint("GET /repos/{owner}/{repo}/readme", {
        owner: "octokit",
        repo: "rest.js",
        mediaType: { format: "raw", previews: ["mercy", "symmetra"] },
      }),
    "f upload: query in url + data": () =>
      endpoint("POST https://uploads.github.com/repos/{owner}/{repo}/releases/{id}/assets{?name,label}", {
        owner: "octokit",
        repo: "rest.js",
        id: 1,
        name: "example.zip",
        label: "Example ZIP",
        data: upload,
        headers: { "content-type": "application/zip" },
      }),
    "g GET, 20 query (3 arrays)": () => endpoint("GET /repos/{owner}/{repo}/issues", twenty),
    "h1 merge alone": () =>
      endpoint.merge("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", state: "open", per_page: 100 }),
    "h2 parse alone": () => endpoint.parse(merged),
  };
}

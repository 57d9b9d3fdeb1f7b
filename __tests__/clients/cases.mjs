// The client cases: request options built by rest-endpoint for a server at `baseUrl`.
export function cases(endpoint, baseUrl) {
  return {
    "GET with query": endpoint("GET /repos/{owner}/{repo}/issues", {
      baseUrl,
      owner: "octokit",
      repo: "rest.js",
      labels: ["bug", "ui"],
      state: "open",
    }),
    "POST with a JSON body": endpoint("POST /repos/{owner}/{repo}/issues", {
      baseUrl,
      owner: "octokit",
      repo: "rest.js",
      title: "Bug",
      labels: ["ui"],
    }),
    PATCH: endpoint("PATCH /repos/{owner}/{repo}/issues/{issue_number}", {
      baseUrl,
      owner: "octokit",
      repo: "rest.js",
      issue_number: 7,
      state: "closed",
    }),
    "PUT without a body": endpoint("PUT /user/starred/{owner}/{repo}", { baseUrl, owner: "octokit", repo: "rest.js" }),
    "POST with text data and its own content-type": endpoint("POST /markdown/raw", {
      baseUrl,
      data: "Hello **world**",
      headers: { "content-type": "text/plain; charset=utf-8" },
    }),
    "QUERY (RFC 10008) with a JSON body and a declared query": endpoint("QUERY /search{?page}", {
      baseUrl,
      page: 2,
      q: "is:open",
      limit: 2,
    }),
    // axios' own transform read any content-type holding "application/json" as JSON: it quoted a
    // JSON Lines body as one string and trimmed a JSON text (a fresh user's review).
    "JSON Lines (OpenAPI 3.2 itemSchema)": endpoint("POST /import", {
      baseUrl,
      data: '{"a":1}\n{"a":2}\n',
      headers: { "content-type": "application/jsonl" },
    }),
    "a JSON text as data, white space kept": endpoint("POST /raw", {
      baseUrl,
      data: ' {"a":1}\n',
      headers: { "content-type": "application/json" },
    }),
    "binary upload": endpoint("POST /upload{?name}", {
      baseUrl,
      name: "a.bin",
      data: new Uint8Array([0, 1, 2, 255]),
      headers: { "content-type": "application/octet-stream" },
    }),
  };
}

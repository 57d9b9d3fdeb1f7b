import type { Routes } from "rest-endpoint/routes/api.github.com";
import { createEndpoint, endpoint, ghes, parseUploadUrl, type EndpointInterface } from "../../lib/index.js";
import { headers } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";

// A release's upload_url under a map: `POST ${upload_url}` is a route no map has (issue 44, class
// 10: it needed `as string`); parseUploadUrl reads it as the parameters of the maps' upload route.
const UPLOAD = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets";
const token = { authorization: "token ghp_0123456789" };
const github: EndpointInterface<Routes> = endpoint.defaults({ headers: token });
const bytes = new Uint8Array([80, 75, 3, 4]);

describe("parseUploadUrl: a release's upload_url as the parameters of the upload route", () => {
  test("its TSDoc example gives what the example shows", () => {
    const release = { upload_url: "https://uploads.github.com/repos/octokit/rest.js/releases/1/assets{?name,label}" };
    expect(
      github(UPLOAD, {
        ...parseUploadUrl(release.upload_url),
        name: "a.zip",
        data: new Uint8Array([80, 75]),
        headers: { "content-type": "application/zip" },
      }).url,
    ).toBe("https://uploads.github.com/repos/octokit/rest.js/releases/1/assets?name=a.zip");
  });

  test.each([
    {
      // GitHub's docs, "Get a release", its example response.
      uploadUrl: "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}",
      expected: { owner: "octocat", repo: "Hello-World", release_id: 1 },
    },
    {
      uploadUrl: "https://uploads.github.com/repos/o/r/releases/9007199254740991/assets",
      expected: { owner: "o", repo: "r", release_id: 9007199254740991 },
    },
    {
      uploadUrl: "https://ghe.example/api/uploads/repos/my-org/my.repo_1/releases/42/assets{?name,label}",
      expected: { owner: "my-org", repo: "my.repo_1", release_id: 42 },
    },
    {
      uploadUrl: "https://uploads.octocorp.ghe.com/repos/o/r%C3%A9/releases/7/assets{?name,label}",
      expected: { owner: "o", repo: "ré", release_id: 7 },
    },
  ])("$uploadUrl", ({ uploadUrl, expected }) => {
    expect(parseUploadUrl(uploadUrl)).toEqual(expected);
  });

  test("the request is the documented route's, whole, with the defaults' credentials to uploads.github.com (a GitHub origin)", () => {
    const release = { upload_url: "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}" };
    const expected = {
      method: "post",
      url: "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets?name=a.zip&label=Build",
      headers: headers({ ...token, "content-type": "application/zip" }),
      body: bytes,
    };
    const call = { name: "a.zip", label: "Build", data: bytes, headers: { "content-type": "application/zip" } };
    expect(github(UPLOAD, { ...parseUploadUrl(release.upload_url), ...call })).toEqual(expected);
    expect(github(UPLOAD, { owner: "octocat", repo: "Hello-World", release_id: 1, ...call })).toEqual(expected);
  });

  test("the URL's own origin is not used: the route goes to the target's uploads, never where a response says", () => {
    const elsewhere = parseUploadUrl("https://evil.example/repos/o/r/releases/1/assets{?name,label}");
    expect(github(UPLOAD, { ...elsewhere, name: "a", data: bytes }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a",
    );
    // GHES: the target sends the route written with uploads.github.com to the instance's uploads.
    const instance: EndpointInterface<Routes> = createEndpoint({ headers: token }, ghes("https://ghe.example", "3.19"));
    const at = parseUploadUrl("https://ghe.example/api/uploads/repos/o/r/releases/2/assets{?name,label}");
    const request = instance(UPLOAD, { ...at, name: "a", data: bytes });
    expect([request.url, request.headers.authorization]).toEqual([
      "https://ghe.example/api/uploads/repos/o/r/releases/2/assets?name=a",
      token.authorization,
    ]);
  });

  test.each([
    ["not a string", 1 as unknown as string],
    ["no URL", "/repos/o/r/releases/1/assets"],
    ["another scheme", "ftp://uploads.github.com/repos/o/r/releases/1/assets"],
    ["another route", "https://uploads.github.com/repos/o/r/releases/1"],
    ["a release_id that is no number", "https://uploads.github.com/repos/o/r/releases/latest/assets"],
    ["a release_id past 2^53 - 1", "https://uploads.github.com/repos/o/r/releases/9007199254740993/assets"],
    ["another query expression", "https://uploads.github.com/repos/o/r/releases/1/assets{?name}"],
    ["a query", "https://uploads.github.com/repos/o/r/releases/1/assets?name=a"],
    ["a query before the path", "https://uploads.github.com/?x=/repos/o/r/releases/1/assets"],
    ["an owner of two segments", "https://uploads.github.com/repos/o/x/r/releases/1/assets"],
    ["a broken percent-encoding", "https://uploads.github.com/repos/o%zz/r/releases/1/assets"],
    ["no host", "https:///repos/o/r/releases/1/assets"],
  ])("%s: INVALID_URL naming upload_url", (_case, uploadUrl) => {
    const error = errorOf(() => parseUploadUrl(uploadUrl));
    expect({ ...error, message: error.message.slice(0, error.message.indexOf("; received")) }).toEqual({
      code: "INVALID_URL",
      argument: "upload_url",
      message: "`upload_url` must be a release's upload_url, https://HOST/…/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}",
    });
  });

  test("the message shows what was received", () => {
    expect(errorOf(() => parseUploadUrl("https://x/a")).message).toBe(
      '`upload_url` must be a release\'s upload_url, https://HOST/…/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}; received "https://x/a" (string). See docs/errors.md#invalid_url',
    );
  });

  test("types: the upload route is typed by the map with parseUploadUrl's parameters; the template itself is no route of the map", () => {
    const release: { upload_url: string } = { upload_url: "https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}" };
    const at = parseUploadUrl(release.upload_url);
    expect(github(UPLOAD, { ...at, name: "a.zip", label: "x", data: bytes }).url).toBe(
      "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.zip&label=x",
    );
    // Checked by tsc (npm run typecheck), not run.
    const refused = [
      // @ts-expect-error `name` is required by the upload route
      () => github(UPLOAD, { ...at, data: bytes }),
      // @ts-expect-error `labels` is no parameter of the upload route
      () => github(UPLOAD, { ...at, name: "a", labels: "x", data: bytes }),
      // @ts-expect-error `POST ${upload_url}` is a route no map has, the reason for parseUploadUrl
      () => github(`POST ${release.upload_url}`, { name: "a", data: bytes }),
    ];
    expect(refused).toHaveLength(3);
  });
});

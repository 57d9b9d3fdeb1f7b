import { applyMediaType } from "../../lib/github/media-type.js";

// GitHub's media types (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types):
// applyMediaType(accept, format, previews) as endpoint() calls it, and with neither a format nor previews.
describe("applyMediaType(accept, format, previews)", () => {
  test.each([
    ["neither a format nor previews: accept as it is", "application/vnd.github.v3+json", "", [], "application/vnd.github.v3+json"],
    ["neither, no accept", "", "", [], ""],
    ["a format on GitHub's default", "application/vnd.github.v3+json", "raw", [], "application/vnd.github.v3.raw"],
    ["a format, no accept: no GitHub range to format", "", "diff", [], ""],
    ["a preview", "application/vnd.github.v3+json", "", ["mercy"], "application/vnd.github.mercy-preview+json"],
    ["a preview with a format", "", "raw", ["mercy"], "application/vnd.github.mercy-preview.raw"],
    ["octet-stream is kept whatever is asked", "application/octet-stream", "raw", ["mercy"], "application/octet-stream"],
  ])("%s", (_case, accept, format, previews, result) => {
    expect(applyMediaType(accept, format, previews)).toBe(result);
  });
});

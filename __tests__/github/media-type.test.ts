import { applyMediaType } from "../../lib/github/media-type.js";
import { githubCom } from "../../lib/github/target.js";

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

// The request step keeps the accept values it computed, by its arguments joined by NUL.
describe("GitHub's request step keeps its accept values without confusing two calls", () => {
  const request = (accept: string) => ({ method: "get", url: "https://api.github.com/x", headers: { accept } });
  const step = githubCom.request!;

  test.each([
    [
      "two previews",
      "application/vnd.github.v3+json",
      { format: "", previews: ["a", "b"] },
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
    ],
    [
      "one preview whose name holds a NUL (a direct call)",
      "application/vnd.github.v3+json",
      { format: "", previews: ["a\0b"] },
      "application/vnd.github.a\0b-preview+json",
    ],
    [
      "the two previews again",
      "application/vnd.github.v3+json",
      { format: "", previews: ["a", "b"] },
      "application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
    ],
    ["a format", "application/vnd.github.v3+json", { format: "raw", previews: [] }, "application/vnd.github.v3.raw"],
    ["the format on another accept", "application/vnd.github+json", { format: "raw", previews: [] }, "application/vnd.github.raw"],
    // Kept under the key the next row's arguments would join to ("…+json", "", "raw").
    ["a preview named raw", "application/vnd.github.v3+json", { format: "", previews: ["raw"] }, "application/vnd.github.raw-preview+json"],
    [
      "an accept that holds a NUL (a direct call) is formatted, not kept",
      "application/vnd.github.v3+json\0",
      { format: "raw", previews: [] },
      "application/vnd.github.v3.raw",
    ],
  ])("%s", (_case, accept, mediaType, expected) => {
    expect(step(request(accept), mediaType)).toEqual({ method: "get", url: "https://api.github.com/x", headers: { accept: expected } });
    expect(step(request(accept), mediaType)).toEqual({ method: "get", url: "https://api.github.com/x", headers: { accept: expected } });
  });
});

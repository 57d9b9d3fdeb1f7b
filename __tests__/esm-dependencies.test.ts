import { parseTemplate } from "url-template";
import { getUserAgent } from "universal-user-agent";

// url-template 3 and universal-user-agent 7 are ESM-only; jest runs CommonJS. This pins the
// transform (jest.config.js transformIgnorePatterns) that makes them load.
describe("ESM-only dependencies under jest", () => {
  test("url-template expands an RFC 6570 expression", () => {
    expect(parseTemplate("/repos/{owner}{?per_page}").expand({ owner: "octokit", per_page: 100 })).toBe("/repos/octokit?per_page=100");
  });

  test("universal-user-agent describes Node.js", () => {
    expect(getUserAgent()).toBe(`Node.js/${process.version.slice(1)} (${process.platform}; ${process.arch})`);
  });
});

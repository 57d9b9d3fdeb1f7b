import { typeCheckBlock } from "../helpers/examples.js";

// tsc's own report of a wrong call, as a user's project sees it (one tsc process per row): the slow
// project. The lines types.test.ts checks at compile time are its neighbours.
describe("types that catch what the runtime refuses", () => {
  test.each([
    // A missing parameter is named by tsc; a wrong one is pointed at: the error's column is the property's.
    [
      "a missing parameter through a map",
      'github("GET /repos/{owner}/{repo}/issues", { repo: "r" });',
      { named: "Property 'owner' is missing" },
    ],
    [
      "a wrong type through a map",
      'github("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: "many" });',
      { at: "per_page:" },
    ],
    ["a missing parameter of a template", 'endpoint("GET /orgs/{org}/teams", { per_page: 1 });', { named: "Property 'org' is missing" }],
    ["data on GET", 'endpoint("GET /user", { data: "x" });', { at: "data:" }],
  ] as const)(
    "%s is reported once, naming the parameter or pointing at it",
    async (_case, line, where) => {
      const code = `import { endpoint, type EndpointInterface } from "rest-endpoint";
import type { Routes } from "rest-endpoint/routes/api.github.com";
const github: EndpointInterface<Routes> = endpoint;
${line}
export {};
`;
      const output = await typeCheckBlock(code);
      expect(output.match(/error TS\d+/g)).toHaveLength(1);
      expect(output).not.toContain("Overload");
      if ("named" in where) expect(output).toContain(where.named);
      else expect(output).toContain(`example.ts(4,${line.indexOf(where.at) + 1}): error`);
    },
    60_000,
  );
});

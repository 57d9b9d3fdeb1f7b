import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { parse as parseYaml } from "yaml";

// What a release needs, read from the files a release ships and publishes: one version in both
// packages, the docs and the CHANGELOG; docs that name nothing a package user lacks; every
// dependency installable on the Node the README names; the release workflow's shape.
const root = join(__dirname, "..");
const read = (file: string): string => readFileSync(join(root, file), "utf8");
const library = JSON.parse(read("package.json")) as {
  version: string;
  engines: { node: string };
  repository: { url: string };
  homepage: string;
  bugs: { url: string };
};
const wrapper = JSON.parse(read("packages/octokit/package.json")) as typeof library & {
  dependencies: Record<string, string>;
  repository: { directory: string };
};
/** The repository, as package.json names it: every link to it in the docs begins with this. */
const REPOSITORY = library.repository.url.replace(/^git\+/, "").replace(/\.git$/, "");
/** What the package ships of Markdown (package.json `files`), and the wrapper's README. */
const SHIPPED = [
  "README.md",
  "packages/octokit/README.md",
  // docs/api included: TypeDoc's pages of the TSDoc.
  ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file}`),
];

describe("one version everywhere", () => {
  test("both packages carry it; the wrapper depends on this version of rest-endpoint", () => {
    expect(wrapper.version).toBe(library.version);
    expect(wrapper.dependencies["rest-endpoint"]).toBe(`^${library.version}`);
  });

  test("each install line, override and user-agent of the shipped Markdown names it", () => {
    const named = SHIPPED.flatMap((file) =>
      [...read(file).matchAll(/rest-endpoint(?:-octokit)?(?:@\^?|\/)(\d+\.\d+\.\d+)/g)].map(([, version]) => [file, version!]),
    );
    expect(named.filter(([, version]) => version !== library.version)).toEqual([]);
    // The pages that must name it do: the override lines and the README's results.
    for (const file of ["README.md", "docs/octokit.md", "packages/octokit/README.md"]) expect(named.map(([at]) => at)).toContain(file);
  });

  test("CHANGELOG.md: [Unreleased], then this version with its date", () => {
    const headings = [...read("CHANGELOG.md").matchAll(/^## (.*)$/gm)].map(([, heading]) => heading);
    expect(headings[0]).toBe("[Unreleased]");
    expect(headings[1]).toMatch(new RegExp(`^\\[${library.version.replaceAll(".", "\\.")}\\] - \\d{4}-\\d{2}-\\d{2}$`));
  });
});

describe("the shipped docs name nothing a package user lacks", () => {
  test("repository, homepage and bugs point at one repository; the wrapper's at its folder in it", () => {
    expect(REPOSITORY).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(library.homepage.startsWith(REPOSITORY)).toBe(true);
    expect(library.bugs.url).toBe(`${REPOSITORY}/issues`);
    expect(wrapper.repository).toEqual({ ...library.repository, directory: "packages/octokit" });
  });

  test.each(SHIPPED)("%s: each section that names a test, a script or an npm run command links the repository", (file) => {
    const sections = read(file).split(/^(?=## )/m);
    const unlinked = sections.filter(
      (section) => /npm run|npm test|__tests__\/|\bbench\/|\bscripts\//.test(section) && !section.includes(REPOSITORY),
    );
    expect(unlinked.map((section) => section.split("\n", 1)[0])).toEqual([]);
  });

  test.each(SHIPPED)("%s: each link into the repository names a file or folder that exists here", (file) => {
    const escaped = REPOSITORY.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const targets = [...read(file).matchAll(new RegExp(`${escaped}/(?:blob|tree)/main/([^)#\\s]+)`, "g"))].map(([, path]) => path!);
    expect(targets.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });
});

describe("installable and publishable", () => {
  test("every package of the lock that npm ci installs here supports Node 20.19, the version the README names", () => {
    expect(read("README.md")).toContain("Node (20.19 or later)");
    const lock = JSON.parse(read("package-lock.json")) as {
      packages: Record<string, { engines?: { node?: string }; optional?: boolean; os?: string[]; cpu?: string[] }>;
    };
    const unsupported = Object.entries(lock.packages)
      // An optional package for a platform is skipped where it does not fit; npm installs it only where it does.
      .filter(([, entry]) => entry.engines?.node !== undefined && !(entry.optional === true && (entry.os ?? entry.cpu) !== undefined))
      .filter(([, entry]) => !semver.satisfies("20.19.0", entry.engines!.node!))
      .map(([name, entry]) => `${name} ${entry.engines!.node!}`);
    expect(unsupported).toEqual([]);
    expect(semver.satisfies("20.19.0", library.engines.node)).toBe(true);
  });

  test("the release workflow tests first, then publishes rest-endpoint and then rest-endpoint-octokit with provenance", () => {
    const workflow = parseYaml(read(".github/workflows/release.yml")) as {
      on: { push: { tags: string[] } };
      jobs: Record<
        string,
        { needs?: string; permissions?: Record<string, string>; steps: { run?: string; "working-directory"?: string }[] }
      >;
    };
    expect(workflow.on.push.tags).toEqual(["v*.*.*"]);
    expect(workflow.jobs.test!.steps.map(({ run }) => run).filter(Boolean)).toEqual(["bash .ci/run"]);
    const publish = workflow.jobs.publish!;
    expect(publish.needs).toBe("test");
    expect(publish.permissions).toMatchObject({ "id-token": "write" });
    expect(
      publish.steps.filter(({ run }) => run?.startsWith("npm publish")).map((step) => [step.run, step["working-directory"] ?? "."]),
    ).toEqual([
      ["npm publish --provenance --access public", "."],
      ["npm publish --provenance --access public", "packages/octokit"],
    ]);
  });
});

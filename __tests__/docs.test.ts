import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(__dirname, "..");
const read = (file: string): string => readFileSync(join(root, file), "utf8");

describe("docs", () => {
  test("docs/errors.md documents exactly the codes of EndpointErrorCode", () => {
    const union = read("lib/errors.ts").slice(read("lib/errors.ts").indexOf("export type EndpointErrorCode"));
    const declared = [...union.slice(0, union.indexOf(";")).matchAll(/"([A-Z_]+)"/g)].map(([, code]) => code).sort();
    const documented = [...read("docs/errors.md").matchAll(/^### `([A-Z_]+)`$/gm)].map(([, code]) => code).sort();
    expect(documented).toEqual(declared);
    expect(declared.length).toBeGreaterThan(10);
  });

  test("every code is thrown somewhere in lib/", () => {
    const sources = [
      "compile-url-template",
      "expand-url",
      "normalize-options",
      "parse-options",
      "parse-route",
      "with-defaults",
      "media-type",
    ]
      .map((name) => read(`lib/${name}.ts`))
      .join("\n");
    const documented = [...read("docs/errors.md").matchAll(/^### `([A-Z_]+)`$/gm)].map(([, code]) => code!);
    for (const code of documented) expect(sources).toContain(`"${code}"`);
  });

  test("README and docs link to pages that exist", () => {
    for (const file of ["README.md", "docs/index.md"]) {
      for (const [, target] of read(file).matchAll(/\]\(((?:docs\/)?[\w-]+\.md)\)/g)) {
        const path = file.startsWith("docs/") && !target!.startsWith("docs/") ? `docs/${target!}` : target!;
        expect(() => read(path)).not.toThrow();
      }
    }
  });
});

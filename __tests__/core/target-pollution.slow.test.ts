import { execFileSync } from "node:child_process";
import { join } from "node:path";

const root = join(__dirname, "..", "..");

// Issue 44, class 1, under the production condition: the battery of target-pollution.cjs on
// dist/index.production.js (what webpack and Vite bundle in production builds), in a child process
// that loads the build as an ES module.
test("the production build: no pollution of Object.prototype and no write to a target changes a request", () => {
  const script = `
    import { createRequire } from "node:module";
    const lib = await import(${JSON.stringify(join(root, "dist", "index.production.js"))});
    const { targetBattery } = createRequire(import.meta.url)(${JSON.stringify(join(__dirname, "target-pollution.cjs"))});
    console.log(JSON.stringify(targetBattery(lib)));`;
  const stdout = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" });
  expect(JSON.parse(stdout)).toEqual([]);
}, 120_000);

// The fast project (jest.config.js): the behaviour of lib/, in process. A test here that starts a
// child process or creates a TypeScript program fails at once, saying how to move its file to the
// slow project, so that `npm run test:fast` stays fast whatever a new file does.

/** `module` as it is, but for `names`, which throw. (A function declaration: jest.mock calls are hoisted above the rest.) */
function guarded(module: string, names: readonly string[]): () => Record<string, unknown> {
  return () => {
    const real = jest.requireActual<Record<string, unknown>>(module);
    const refuse = (name: string) => (): never => {
      throw new Error(
        `${module} ${name}() in the fast project: name this test file *.slow.test.ts, or import ${module} in it so that jest.config.js's rule sees it`,
      );
    };
    return { ...real, ...Object.fromEntries(names.map((name) => [name, refuse(name)])) };
  };
}

jest.mock(
  "node:child_process",
  guarded("node:child_process", ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]),
);
jest.mock("child_process", guarded("child_process", ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"]));
jest.mock("typescript", guarded("typescript", ["createProgram", "createLanguageService", "createWatchProgram"]));

// The page's script: the shipped ESM build, bundled for the browser by esbuild.
import { endpoint } from "../../dist/index.js";
import calls from "../fixtures/github-rest-calls.json" with { type: "json" };
import type { CorpusCall } from "../helpers/corpus.js";
import { runCases } from "./cases.js";

(globalThis as { results?: unknown }).results = {
  userAgent: endpoint.DEFAULTS.headers["user-agent"],
  outcomes: runCases(endpoint, calls as CorpusCall[]),
};

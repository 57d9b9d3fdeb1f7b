import type { EndpointInterface, EndpointParameters } from "../../lib/index.js";
import { toEndpointCall, type CorpusCall } from "../helpers/corpus.js";

/** One outcome: the request options, or the code of the error thrown. */
export type Outcome = { options: unknown } | { error: string };

/**
 * The same calls in Node and in the browser: every corpus operation, defaults, media types, RFC
 * 6570 operators, and inputs that must be rejected. Run with either build of `endpoint`.
 */
export function runCases(endpoint: EndpointInterface, calls: CorpusCall[]): Outcome[] {
  const attempt = (call: () => unknown): Outcome => {
    try {
      return { options: call() };
    } catch (error) {
      return { error: (error as { code?: string }).code ?? String(error) };
    }
  };
  const outcomes = calls.map((call) => attempt(() => endpoint(...(toEndpointCall(call) as [`${string} ${string}`, EndpointParameters]))));
  const ghe = endpoint.defaults({
    baseUrl: "https://ghe.example/api/v3/",
    headers: { authorization: "token x" },
    mediaType: { previews: ["mercy"] },
  });
  outcomes.push(
    attempt(() => ghe("GET /repos/{owner}/{repo}/contents/{+path}{?ref}", { owner: "o", repo: "r", path: "docs/a b.md", ref: "main" })),
    attempt(() => endpoint("GET /a{?v:1}", { v: "😀😀", when: new Date(Date.UTC(2026, 0, 2)), big: 10n })),
    attempt(() => endpoint.merge("POST /x", { mediaType: { format: "raw" }, list: [1, 2] })),
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    attempt(() => endpoint("GET /repos/{owner}/{repo}", { repo: "r" })),
    attempt(() => endpoint("GET {+u}/x", { u: "https://evil.com" })),
    // @ts-expect-error the missing parameter is on purpose: the run-time error is what is tested
    attempt(() => endpoint("GET /{x:0}")),
    attempt(() => endpoint("GET /", { headers: { "x-a": "a\r\nb" } })),
  );
  return outcomes;
}

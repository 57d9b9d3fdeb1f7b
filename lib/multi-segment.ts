import { MULTI_SEGMENT_TABLE } from "./multi-segment-table.js";

let templates: Map<string, string> | undefined;

/**
 * The multi-segment parameter of a GitHub path template (`/repos/{owner}/{repo}/contents/{path}`
 * gives `"path"`), or `undefined`: GitHub's OpenAPI description marks it `x-multi-segment`
 * ("supports multiple URL segments"). The table is decoded on the first call.
 */
export function multiSegmentParameter(template: string): string | undefined {
  if (templates === undefined) {
    templates = new Map();
    let previous = "";
    for (const entry of MULTI_SEGMENT_TABLE.split(",")) {
      // Front coding: the first character counts, from "0", the characters shared with the entry before.
      previous = previous.slice(0, entry.charCodeAt(0) - 48) + entry.slice(1);
      const at = previous.indexOf("{+");
      templates.set(previous.replace("{+", "{"), previous.slice(at + 2, previous.indexOf("}", at)));
    }
  }
  return templates.get(template);
}

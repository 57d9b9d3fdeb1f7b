/**
 * The sequential JSON media types of OpenAPI 3.2 (a media type's `itemSchema`): which bodies the
 * generator types as lists of items, and how `withQueries` writes them. One rule for both.
 */
/** JSON Text Sequences (RFC 7464, RFC 8091's `+json-seq`): each text after a record separator. */
const JSON_SEQ = /^application\/(?:[\w.-]+\+)?json-seq\s*(?:;|$)/i;
/** JSON Lines and NDJSON: one JSON text a line. */
const JSON_LINES = /^application\/(?:jsonl|x-ndjson)\s*(?:;|$)/i;

/**
 * What comes before each JSON text of a body of the sequential JSON media type `type` (OpenAPI 3.2,
 * Sequential JSON): U+001E for JSON Text Sequences (`application/json-seq`, `+json-seq`), nothing
 * for JSON Lines (`application/jsonl`) and NDJSON (`application/x-ndjson`); `undefined` for any
 * other media type. The generator reads it too: the bodies it types as sequences are these.
 */
export const sequenceSeparator = (type: string): string | undefined =>
  JSON_SEQ.test(type) ? "\u001e" : JSON_LINES.test(type) ? "" : undefined;

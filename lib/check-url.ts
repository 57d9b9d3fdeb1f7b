import { describeValue, EndpointError } from "./errors.js";

/** Rejects `.` and `..` path segments in the path that starts at `pathOffset`, also pct-encoded (`%2e`), which URL parsers resolve away. */
export function checkDotSegments(url: string, pathOffset: number): void {
  let end = url.length;
  for (const stop of ["?", "#"]) {
    const at = url.indexOf(stop, pathOffset);
    if (at !== -1 && at < end) end = at;
  }
  let start = pathOffset;
  while (start <= end) {
    let slash = url.indexOf("/", start);
    if (slash === -1 || slash > end) slash = end;
    const length = slash - start;
    const first = url.charCodeAt(start);
    // Only a segment that starts with "." or "%" and is at most 6 long ("%2e%2e") can be a dot-segment.
    if (length > 0 && length <= 6 && (first === 0x2e || first === 0x25)) {
      const segment = url.slice(start, slash).toLowerCase().replaceAll("%2e", ".");
      if (segment === "." || segment === "..") {
        throw new EndpointError(
          "INVALID_PATH_SEGMENT",
          "url",
          `the url's path would hold the dot-segment ${JSON.stringify(url.slice(start, slash))}, which walks the path: ${describeValue(url)}. Check the parameters in the path`,
        );
      }
    }
    start = slash + 1;
  }
}

/** A literal scheme and authority must make a URL with a host (`https://ghe.example|` does not). */
export function checkOrigin(origin: string): void {
  if (!hasHost(origin)) {
    throw new EndpointError(
      "INVALID_URL",
      "url",
      `the \`url\` does not begin with a valid http(s) origin: ${describeValue(origin)}. Check its host and port`,
    );
  }
}

/**
 * A relative URL must begin with "/" (not "//", which names a host) or with an expression; a URL
 * with a scheme must be http(s), which the caller has ruled out.
 */
export function checkRelativeStart(template: string): void {
  if (template.startsWith("/") && !template.startsWith("//")) return;
  if (template.startsWith("{")) return;
  const scheme = /^([a-z][\d+.a-z-]*):/i.exec(template);
  if (scheme) {
    throw new EndpointError(
      "INVALID_URL",
      "url",
      `the \`url\` must use http or https; received the scheme "${scheme[1] ?? ""}:". Use an http(s) URL or a path such as "/user"`,
    );
  }
  throw new EndpointError(
    "INVALID_URL",
    "url",
    `a relative \`url\` must begin with "/" (or an expression such as "{/path*}"); received ${JSON.stringify(template.slice(0, 60))}. Write e.g. "/repos/{owner}/{repo}"`,
  );
}

/**
 * Whether an absolute URL parses and has a host: something after "//" that is not already the path,
 * query or fragment (WHATWG URL parsing would take `https:///x` as host "x").
 */
export function hasHost(url: string): boolean {
  const rest = url.indexOf("//") + 2;
  return URL.canParse(url) && !"/?#".includes(url[rest] ?? "/");
}

const MAX_BASE_URLS = 100;

const baseUrls = new Map<string, string>();

/**
 * Checks `baseUrl` once per distinct value: an absolute http(s) URL without query, fragment,
 * white space or backslash. Returns it without a trailing "/".
 */
export function resolveBaseUrl(baseUrl: string | undefined): string {
  const known = baseUrl === undefined ? undefined : baseUrls.get(baseUrl);
  if (known !== undefined) return known;
  if (typeof baseUrl !== "string" || !/^https?:\/\/[^\s#?\\]+$/i.test(baseUrl) || !hasHost(baseUrl)) {
    throw new EndpointError(
      "INVALID_BASE_URL",
      "baseUrl",
      `\`baseUrl\` must be an absolute http(s) URL without query or fragment; received ${describeValue(baseUrl)}. Use e.g. "https://api.github.com" or "https://ghe.example/api/v3"`,
    );
  }
  const resolved = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  if (baseUrls.size >= MAX_BASE_URLS) baseUrls.clear();
  baseUrls.set(baseUrl, resolved);
  return resolved;
}

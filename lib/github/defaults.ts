import { getUserAgent } from "universal-user-agent";
import { NO_DEFAULTS, readDefaults, type Call } from "../core/options.js";

declare const __VERSION__: string;

/** This package's version, read from package.json when it is built. */
export const VERSION: string = __VERSION__;

/**
 * The defaults of `endpoint` (docs/usage.md, `endpoint.DEFAULTS`): GitHub's REST API, version 3 of its media type
 * (https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types), and a
 * user-agent naming this library and the platform (GitHub requires a user-agent:
 * https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#user-agent).
 */
export const DEFAULTS: Call = readDefaults(NO_DEFAULTS, {
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": `rest-endpoint/${VERSION} ${getUserAgent()}` },
  mediaType: { format: "" },
});

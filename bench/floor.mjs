// The floor: a hand-written generic endpoint() for simple routes, as a user might write one instead
// of depending on a library. It parses the route on every call, fills `{name}` placeholders, puts
// the other parameters in the query (GET) or a JSON body, and encodes with encodeURIComponent plus
// !'()* (RFC 3986 unreserved). No checks, no defaults chain, no media types.
const encode = (text) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const value = (item) => (Array.isArray(item) ? item.map((part) => encode(String(part))).join(",") : encode(String(item)));

/** Builds the floor for the given defaults' headers (so that its result can equal ours). */
export function handWritten(headers) {
  return (route, parameters) => {
    const space = route.indexOf(" ");
    const method = route.slice(0, space).toLowerCase();
    const used = new Set();
    const path = route.slice(space + 1).replace(/\{(\w+)\}/g, (_, name) => (used.add(name), value(parameters[name])));
    const rest = Object.keys(parameters).filter((name) => !used.has(name));
    const result = { method, url: `https://api.github.com${path}`, headers: { ...headers } };
    if (method === "get" || method === "head") {
      const query = rest.map((name) => `${encode(name)}=${value(parameters[name])}`).join("&");
      if (query !== "") result.url += `?${query}`;
    } else if (rest.length > 0) {
      result.body = Object.fromEntries(rest.map((name) => [name, parameters[name]]));
      result.headers["content-type"] = "application/json; charset=utf-8";
    }
    return result;
  };
}

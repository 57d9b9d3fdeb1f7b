import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { join } from "node:path";
import { Readable } from "node:stream";
import { multipartBlob } from "../../lib/clients/framing.js";
import { toAxios, toFetch, toGot, toKy, toNodeHttp, toUndici, type ClientBody } from "../../lib/clients/index.js";
import { endpoint, type RequestOptions } from "../../lib/index.js";
import { headers, JSON_TYPE } from "../helpers/defaults.js";
import { errorOf } from "../helpers/errors.js";
import { startRecordingServer, type Arrival } from "../helpers/recording-server.js";

describe("each real client sends each case to a server on 127.0.0.1 exactly as asserted", () => {
  const hex = (text: string): string => Buffer.from(text).toString("hex");
  const userAgent = headers()["user-agent"];
  const expected = (target: string, method: string, body: string, contentType: string | undefined, contentLength: string | undefined) => ({
    method,
    target,
    body,
    accept: "application/vnd.github.v3+json",
    userAgent,
    contentType,
    contentLength,
    transferEncoding: undefined,
  });
  const cases = [
    expected("/repos/octokit/rest.js/issues?labels=bug,ui&state=open", "GET", "", undefined, undefined),
    expected("/repos/octokit/rest.js/issues", "POST", hex('{"title":"Bug","labels":["ui"]}'), JSON_TYPE["content-type"], "31"),
    expected("/repos/octokit/rest.js/issues/7", "PATCH", hex('{"state":"closed"}'), JSON_TYPE["content-type"], "18"),
    expected("/user/starred/octokit/rest.js", "PUT", "", undefined, "0"),
    expected("/markdown/raw", "POST", hex("Hello **world**"), "text/plain; charset=utf-8", "15"),
    expected("/search?page=2", "QUERY", hex('{"q":"is:open","limit":2}'), JSON_TYPE["content-type"], "25"),
    expected("/import", "POST", hex('{"a":1}\n{"a":2}\n'), "application/jsonl", "16"),
    expected("/raw", "POST", hex(' {"a":1}\n'), "application/json", "9"),
    expected("/upload?name=a.bin", "POST", "000102ff", "application/octet-stream", "4"),
  ];
  const summary = (arrival: Arrival) => ({
    method: arrival.method,
    target: arrival.target,
    body: arrival.body,
    accept: arrival.headers.accept,
    userAgent: arrival.headers["user-agent"],
    contentType: arrival.headers["content-type"],
    contentLength: arrival.headers["content-length"],
    transferEncoding: arrival.headers["transfer-encoding"],
  });

  // Each client in a fresh process of its own, which imports that client alone (senders.mjs).
  test.each(["fetch", "undici", "axios", "got", "ky", "node:http"])("%s", async (client) => {
    const server = await startRecordingServer();
    try {
      // Asynchronous, so that this process's event loop keeps serving the requests.
      const run = await promisify(execFile)(process.execPath, [join(__dirname, "send.mjs"), client, server.url], {
        timeout: 120_000,
      });
      expect(run.stderr).toBe("");
    } finally {
      await server.close();
    }
    expect(server.arrivals.map(summary)).toEqual(cases);
  });
});

// A new user's review: only toFetch passed `request.signal`; the other five clients sent a request
// whose signal was already aborted. Each client in a fresh process of its own (senders.mjs).
describe("each real client aborts with request.signal: a request whose signal is aborted is never sent", () => {
  test.each(["fetch", "undici", "axios", "got", "ky", "node:http"])("%s", async (client) => {
    const { printed, arrivals } = await runAgainstServer("abort.mjs", client);
    expect(JSON.parse(printed)).toEqual({ aborted: "aborted", live: "sent" });
    expect(arrivals.map(({ method, target }) => `${method} ${target}`)).toEqual(["POST /live"]);
  });
});

// A new user's review: a client added header fields the printed options did not hold. axios its own
// accept, and a typed Blob's content-type was sent by fetch, undici and ky but not axios. Now the one
// field a client adds is an accept: fetch's (the Fetch standard's default, which no init removes),
// and ky's, which its body reader chooses (docs/clients.md).
describe("where the options hold no accept or content-type, what each real client adds", () => {
  test.each(["fetch", "undici", "axios", "got", "ky", "node:http"])("%s", async (client) => {
    const { printed, arrivals } = await runAgainstServer("added.mjs", client);
    const options = JSON.parse(printed) as Record<string, Record<string, string> | string>;
    const blobSent = client !== "got" && client !== "node:http";
    expect(options).toEqual({
      get: { "user-agent": expect.any(String) as unknown },
      blob: blobSent ? { "user-agent": expect.any(String) as unknown } : "INVALID_OPTIONS",
      typed: blobSent ? { "user-agent": expect.any(String) as unknown, "content-type": "application/y" } : "INVALID_OPTIONS",
    });
    // ky's accept is the one its body reader asks for (senders.mjs reads `.text()`: `text/*`).
    const fetchAccept = client === "fetch" ? "*/*" : client === "ky" ? "text/*" : undefined;
    expect(arrivals.map(({ target, headers: received }) => [target, received.accept, received["content-type"]])).toEqual([
      ["/get", fetchAccept, undefined],
      ...(blobSent ? [["/blob", fetchAccept, "text/x-blob"]] : []),
      // axios writes a Blob's content-type itself, over the options' own (docs/clients.md).
      ...(blobSent ? [["/typed", fetchAccept, client === "axios" ? "text/x-blob" : "application/y"]] : []),
    ]);
    // Every field that arrived: the printed ones, the request's `host` and `connection` (RFC 9112),
    // a body's framing, and what docs/clients.md lists as the client's own.
    const own: Record<string, string[]> = {
      fetch: ["accept", "accept-encoding", "accept-language", "sec-fetch-mode"],
      ky: ["accept", "accept-encoding", "accept-language", "sec-fetch-mode"],
      axios: ["accept-encoding"],
      got: ["accept-encoding"],
      undici: [],
      "node:http": [],
    };
    const expected = (body: string[]) => ["user-agent", "host", "connection", ...body, ...own[client]!].sort();
    expect(arrivals.map(({ fieldNames }) => [...fieldNames].sort())).toEqual([
      expected([]),
      ...(blobSent ? [expected(["content-length", "content-type"]), expected(["content-length", "content-type"])] : []),
    ]);
  });
});

// A fresh-eyes battery: with undici 7 imported first, Node's fetch refused the options' own (correct)
// content-length, "invalid content-length header". toFetch leaves it to fetch, which counts it.
test("fetch after undici 7 was imported sends a body whose options give its content-length", async () => {
  const { printed, arrivals } = await runAgainstServer("fetch-after-undici.mjs", "fetch");
  expect(JSON.parse(printed)).toBe("sent");
  expect(
    arrivals.map(({ target, body, headers: received }) => [target, Buffer.from(body, "hex").toString(), received["content-length"]]),
  ).toEqual([["/counted", "abc", "3"]]);
});

// What each client cannot send (tried with the real client before the converters refused them).
const refused: Record<string, string[]> = {
  fetch: [],
  undici: [],
  axios: ["ReadableStream", "async iterable"],
  got: ["Blob"],
  ky: [],
  "node:http": ["Blob", "FormData", "ReadableStream", "async iterable", "Node Readable"],
};
const kinds = [
  "string",
  "Uint8Array",
  "ArrayBuffer",
  "Blob",
  "URLSearchParams",
  "FormData",
  "ReadableStream",
  "async iterable",
  "Node Readable",
];

/** Runs `clients/<script> <client> <server>` against a recording server; what it printed, and what arrived. */
async function runAgainstServer(script: string, client: string): Promise<{ printed: string; arrivals: Arrival[] }> {
  const server = await startRecordingServer();
  try {
    const run = await promisify(execFile)(process.execPath, [join(__dirname, script), client, server.url], { timeout: 120_000 });
    expect(run.stderr).toBe("");
    return { printed: run.stdout, arrivals: server.arrivals };
  } finally {
    await server.close();
  }
}

describe("each real client sends each body kind it accepts exactly, and its converter refuses the others", () => {
  test.each(Object.keys(refused))(
    "%s",
    async (client) => {
      const { printed, arrivals } = await runAgainstServer("kinds.mjs", client);
      const sent = kinds.filter((kind) => !refused[client]!.includes(kind));
      expect(JSON.parse(printed)).toEqual(
        Object.fromEntries(kinds.map((kind) => [kind, sent.includes(kind) ? "sent" : "INVALID_OPTIONS"])),
      );
      const form = "application/x-www-form-urlencoded;charset=UTF-8";
      // FormData: the client writes the multipart body and its boundary, which the options cannot know.
      const multipart = arrivals.filter(({ target }) => target === "/FormData");
      for (const { body, headers: received } of multipart) {
        expect(received["content-type"]).toMatch(/^multipart\/form-data; ?boundary=/);
        expect(Buffer.from(body, "hex").toString()).toContain('name="a"\r\n\r\nb\r\n');
        expect([received["content-length"], received["transfer-encoding"]]).toEqual([String(body.length / 2), undefined]);
      }
      expect(multipart).toHaveLength(sent.includes("FormData") ? 1 : 0);
      expect(
        arrivals
          .filter(({ target }) => target !== "/FormData")
          .map(({ target, body, headers: received }) => ({
            target: decodeURIComponent(target),
            body: Buffer.from(body, "hex").toString(),
            contentType: received["content-type"],
            // One framing, never both (RFC 9112 section 6.3): a length where it is known, else chunked.
            framing: [received["content-length"], received["transfer-encoding"]],
          })),
      ).toEqual(
        sent
          .filter((kind) => kind !== "FormData")
          .map((kind) => ({
            target: `/${kind}`,
            body: kind === "URLSearchParams" ? "a=b+c" : "abc",
            contentType: kind === "URLSearchParams" ? form : undefined,
            framing: ["ReadableStream", "async iterable", "Node Readable"].includes(kind)
              ? [undefined, "chunked"]
              : [kind === "URLSearchParams" ? "5" : "3", undefined],
          })),
      );
    },
    120_000,
  );
});

describe("each real client: a caller's framing fields, in any case, never reach the wire unless they are the body's", () => {
  test.each(Object.keys(refused))(
    "%s",
    async (client) => {
      const { printed, arrivals } = await runAgainstServer("framing.mjs", client);
      // A content-length the converter cannot check against the body (a stream, an async iterable,
      // FormData) is refused like one that contradicts it; a kind the client cannot send is refused first.
      const expected: Record<string, string> = {};
      for (const kind of kinds) {
        for (const name of ["content-length", "Content-Length"])
          expected[`${kind} with ${name}: 1`] = refused[client]!.includes(kind) ? "INVALID_OPTIONS" : "INVALID_HEADER_VALUE";
      }
      for (const name of ["transfer-encoding", "Transfer-Encoding", "TRANSFER-ENCODING", "Keep-Alive", "upgrade", "Expect", "trailer"])
        expected[`string with ${name}`] = "INVALID_HEADER_VALUE";
      expected["string with Content-Length: 3"] = "sent";
      expected["no body with Content-Length: 5"] = "INVALID_HEADER_VALUE";
      expect(JSON.parse(printed)).toEqual(expected);
      // Only the request whose content-length is the body's reached the server, with one framing field once.
      expect(
        arrivals.map(({ target, body, headers: received, fieldNames }) => ({
          target: decodeURIComponent(target),
          body: Buffer.from(body, "hex").toString(),
          contentLength: received["content-length"],
          transferEncoding: received["transfer-encoding"],
          framingFields: fieldNames.filter((name) => name === "content-length" || name === "transfer-encoding"),
        })),
      ).toEqual([
        {
          target: "/string with Content-Length: 3",
          body: "abc",
          contentLength: "3",
          transferEncoding: undefined,
          framingFields: ["content-length"],
        },
      ]);
    },
    120_000,
  );
});

describe("each real client sends the multipart bodies withQueries builds, in a fresh process of its own", () => {
  /** The parts a server reads from a multipart body (parsed by Node's own Response.formData()). */
  const partsOf = async (body: string, contentType: string) => {
    const form = await new Response(Buffer.from(body, "hex"), { headers: { "content-type": contentType } }).formData();
    return Promise.all(
      [...(form as unknown as Iterable<[string, string | File]>)].map(async ([name, value]): Promise<[string, unknown]> =>
        typeof value === "string"
          ? [name, value]
          : [name, { filename: value.name, type: value.type, hex: Buffer.from(await value.arrayBuffer()).toString("hex") }],
      ),
    );
  };
  const built = [
    ["title", "Bug"],
    ["count", "2"],
    ["tags", "a"],
    ["tags", "b"],
    ["meta", '{"k":1}'],
    // WHATWG's multipart/form-data encoding writes a line break as CRLF, through every client.
    ["note", "line 1\r\nline 2"],
    ["file", { filename: "a.txt", type: "text/plain", hex: Buffer.from("xyz").toString("hex") }],
    // A Blob is named after its field; without a type of its own it takes its encoding's first media type.
    ["bytes", { filename: "bytes", type: "application/octet-stream", hex: "00ff" }],
    ["report", { filename: "report", type: "application/json", hex: Buffer.from("{}").toString("hex") }],
    ["photo", { filename: "cat.gif", type: "image/gif", hex: Buffer.from("GIF89a").toString("hex") }],
  ];
  const sentCases = ["no content-type", "content-type multipart/form-data", "content-type Multipart/Form-Data"];

  test.each(Object.keys(refused))(
    "%s",
    async (client) => {
      const { printed, arrivals } = await runAgainstServer("multipart.mjs", client);
      const canSend = !refused[client]!.includes("FormData");
      // A content-type the client cannot frame FormData under is refused; multipart/form-data alone is the client's to complete.
      const expected: Record<string, string> = Object.fromEntries(sentCases.map((name) => [name, canSend ? "sent" : "INVALID_OPTIONS"]));
      // withQueries refuses these first, by the converters' rule, whatever the client.
      expected["content-type with another boundary"] = "INVALID_HEADER_VALUE";
      expected["content-type application/json"] = "INVALID_HEADER_VALUE";
      if (client === "undici") expected["undici's FormData"] = "sent";
      expect(JSON.parse(printed)).toEqual(expected);
      const received = await Promise.all(
        arrivals.map(async ({ target, body, headers: fields }) => {
          const contentType = fields["content-type"] as string;
          expect(contentType).toMatch(/^multipart\/form-data; ?boundary=\S+$/);
          // One framing: undici's Blob body and axios count it; fetch, got and ky may send it chunked.
          expect(fields["content-length"] === undefined).toBe(fields["transfer-encoding"] === "chunked");
          return [decodeURIComponent(target), await partsOf(body, contentType)];
        }),
      );
      const expectedArrivals: unknown[] = canSend ? sentCases.map((name) => [`/${name}`, built]) : [];
      if (client === "undici")
        expectedArrivals.push([
          "/undici's FormData",
          [
            ["title", "Bug"],
            ["file", { filename: "a.txt", type: "text/plain", hex: Buffer.from("xyz").toString("hex") }],
          ],
        ]);
      expect(received).toEqual(expectedArrivals);
    },
    120_000,
  );
});

describe("FormData: the content-type is the client's, and toUndici writes the multipart body itself", () => {
  const form = (): FormData => {
    const data = new FormData();
    data.append("a", "b");
    return data;
  };
  const converters = [toFetch, toUndici, toAxios, toGot, toKy];
  test.each([
    ["multipart/form-data without a boundary", "multipart/form-data", "dropped"],
    ["the same in other case, with white space", " Multipart/Form-Data ", "dropped"],
    ["another boundary", "multipart/form-data; boundary=abc", "INVALID_HEADER_VALUE"],
    ["a charset beside it", "multipart/form-data; charset=utf-8", "INVALID_HEADER_VALUE"],
    ["application/json", "application/json", "INVALID_HEADER_VALUE"],
  ])("a content-type of %s is %s by every converter that sends FormData", (_case, contentType, outcome) => {
    const options = endpoint("POST /x", { data: form(), headers: { "content-type": contentType } });
    for (const convert of converters) {
      if (outcome !== "dropped") {
        expect(errorOf(() => convert(options))).toMatchObject({ code: outcome, argument: "headers.content-type" });
        continue;
      }
      const converted = convert(options);
      const fields = (Array.isArray(converted) ? converted[1] : converted).headers as Record<string, unknown>;
      // undici's is the content-type of the body toUndici wrote; the others leave it to their client.
      if (convert === toUndici) expect(fields["content-type"]).toMatch(/^multipart\/form-data; boundary=----rest-endpoint-[0-9a-f]{24}$/);
      else expect(Object.hasOwn(fields, "content-type")).toBe(false);
    }
    expect(errorOf(() => toNodeHttp(options))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
  });

  test("the refusal's message says what to do", () => {
    expect(errorOf(() => toFetch(endpoint("POST /x", { data: form(), headers: { "content-type": "application/json" } }))).message).toBe(
      "`headers.content-type` is written by the client beside FormData, with the boundary that frames its parts: leave it out, " +
        "or give multipart/form-data alone; received a string of 16 characters, not shown. See docs/errors.md#invalid_header_value",
    );
  });

  test("a content-type beside another body is the caller's (valid neighbour)", () => {
    expect(toFetch(endpoint("POST /x", { data: "a", headers: { "content-type": "multipart/form-data; boundary=x" } }))[1].headers).toEqual(
      headers({ "content-type": "multipart/form-data; boundary=x" }),
    );
  });

  test("toUndici: FormData, the global one or any other with its tag, as the Blob WHATWG's multipart/form-data encoding writes", async () => {
    const data = new FormData();
    data.append('a\nb"', "x\ry\nz");
    data.append("f", new File(["1"], 'n"\r\n.txt', { type: "text/plain" }));
    data.append("g", new Blob([new Uint8Array([0])]));
    // A FormData of another class (undici's own): read through its entries.
    const foreign = new (class OtherFormData {
      readonly [Symbol.toStringTag] = "FormData";
      *[Symbol.iterator]() {
        yield* data as unknown as Iterable<[string, string | Blob]>;
      }
    })();
    for (const given of [data, foreign]) {
      const [url, init] = toUndici(endpoint("POST /x", { data: given }));
      const boundary = init.headers["content-type"]!.split("boundary=")[1]!;
      const text = (await (init.body as ClientBody as Blob).text()).replaceAll(boundary, "B");
      expect([url, init.headers, text]).toEqual([
        "https://api.github.com/x",
        headers({ "content-type": `multipart/form-data; boundary=${boundary}` }),
        '--B\r\nContent-Disposition: form-data; name="a%0D%0Ab%22"\r\n\r\nx\r\ny\r\nz\r\n' +
          '--B\r\nContent-Disposition: form-data; name="f"; filename="n%22%0D%0A.txt"\r\nContent-Type: text/plain\r\n\r\n1\r\n' +
          '--B\r\nContent-Disposition: form-data; name="g"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\r\n' +
          "--B--\r\n",
      ]);
    }
    // Other converters send only the global FormData: another class is no body they know.
    expect(errorOf(() => toFetch(endpoint("POST /x", { data: foreign })))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
  });

  test("toUndici: a FormData of another class that cannot be read as one is INVALID_OPTIONS, never a raw TypeError", () => {
    const tagged = (entries: unknown): object =>
      new (class OtherFormData {
        readonly [Symbol.toStringTag] = "FormData";
        readonly [Symbol.iterator] = entries;
      })();
    for (const data of [
      tagged(undefined),
      tagged(function* () {
        yield ["a", 1];
      }),
      tagged(function* () {
        yield [1, "a"];
      }),
      tagged(() => {
        throw new Error("entries");
      }),
    ])
      expect(errorOf(() => toUndici(endpoint("POST /x", { data })))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
  });

  test("multipartBlob names a part without a name property blob, and draws a new boundary each time", async () => {
    const first = multipartBlob([["f", new Blob(["z"])]]);
    const second = multipartBlob([]);
    expect(first.contentType).not.toBe(second.contentType);
    const boundary = first.contentType.split("boundary=")[1]!;
    expect((await first.blob.text()).replaceAll(boundary, "B")).toBe(
      '--B\r\nContent-Disposition: form-data; name="f"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\nz\r\n--B--\r\n',
    );
  });
});

describe("converters own the framing", () => {
  test.each([
    ["a transfer-encoding field", { "transfer-encoding": "chunked" }, "POST /x", "abc", "headers.transfer-encoding"],
    ["a content-length that contradicts the body", { "content-length": "1" }, "POST /x", "1234567", "headers.content-length"],
    ["a content-length without a body", { "content-length": "5" }, "GET /x", undefined, "headers.content-length"],
  ])("%s is an INVALID_HEADER_VALUE for every converter", (_case, extra, route, data, argument) => {
    const options = endpoint(route, { headers: extra, ...(data === undefined ? {} : { data }) });
    for (const convert of [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]) {
      expect(errorOf(() => convert(options))).toMatchObject({ code: "INVALID_HEADER_VALUE", argument });
    }
  });

  test("their messages have the library's form: the argument, the rule, what was received, the docs section", () => {
    const messages = [
      errorOf(() => toFetch(endpoint("POST /x", { data: "abc", headers: { "transfer-encoding": "chunked" } }))),
      errorOf(() => toFetch(endpoint("POST /x", { data: "abc", headers: { "content-length": 1 } }))),
      errorOf(() => toGot(endpoint("POST /x", { data: new Blob(["a"]) }))),
    ].map((error) => error.message);
    expect(messages).toEqual([
      "`headers.transfer-encoding` is the client's framing (RFC 9112 section 6.1), not the request's, and must be left out; " +
        "received a string of 7 characters, not shown. See docs/errors.md#invalid_header_value",
      "`headers.content-length` must be the body's 3 bytes or be left out (the client counts them); received a string of 1 characters, not shown. " +
        "See docs/errors.md#invalid_header_value",
      "`data` cannot be sent by got; received an object (Blob). See docs/errors.md#invalid_options",
    ]);
  });

  test("what JSON cannot hold is an INVALID_OPTIONS from every converter, never a raw TypeError", () => {
    const circular: Record<string, unknown> = { a: 1 };
    circular.self = circular;
    const throwing = {
      toJSON: () => {
        throw new Error("no");
      },
    };
    for (const data of [{ n: 10n }, [1n], circular, { nested: throwing }]) {
      const options = endpoint("POST /x", { data });
      for (const convert of [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]) {
        expect(errorOf(() => convert(options))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
      }
    }
    expect(errorOf(() => toFetch(endpoint("POST /x", { data: circular }))).message).toBe(
      "`data` cannot be serialised as JSON: it holds a circular reference, a BigInt or a toJSON that throws; " +
        "received an object (plain object). See docs/errors.md#invalid_options",
    );
  });

  test("a field named twice in different cases, or options that are not request options, are EndpointErrors", () => {
    const options = endpoint("POST /x", { data: "abc" });
    const twice = { ...options, headers: { ...options.headers, "Content-Type": "text/plain", "content-type": "text/html" } };
    for (const convert of [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]) {
      expect(errorOf(() => convert(twice))).toMatchObject({ code: "INVALID_HEADER_NAME", argument: "headers" });
      for (const bad of [undefined, null, "GET /x", { method: 1, url: "/", headers: {} }, { method: "GET", url: "/" }]) {
        expect(errorOf(() => convert(bad as unknown as RequestOptions))).toMatchObject({ code: "INVALID_OPTIONS", argument: "options" });
      }
    }
  });

  test("header names leave every converter lowercased: a matching Content-Length is kept once", () => {
    const options = endpoint("POST /x", { data: "abc" });
    const [, init] = toUndici({ ...options, headers: { ...options.headers, "Content-Length": "3", "X-Trace": "1" } });
    expect(init.headers).toEqual(headers({ "content-length": "3", "x-trace": "1" }));
    const [, nodeInit] = toNodeHttp({ ...options, headers: { ...options.headers, "CONTENT-LENGTH": "3" } });
    expect(nodeInit.headers).toEqual(headers({ "content-length": "3" }));
  });

  test("a content-length that matches the bytes is kept", () => {
    expect(toNodeHttp(endpoint("POST /x", { data: "é", headers: { "content-length": 2 } }))[1].headers["content-length"]).toBe("2");
  });
});

describe("converters refuse data their client cannot send, before anything is sent", () => {
  const blob = new Blob(["abc"]);
  test.each([
    ["a number", 42, [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]],
    ["a plain object that is not JSON-shaped data (a Map)", new Map(), [toFetch, toUndici, toAxios, toGot, toKy, toNodeHttp]],
    ["a Blob", blob, [toGot, toNodeHttp]],
    ["FormData", new FormData(), [toNodeHttp]],
    ["a web ReadableStream", new ReadableStream(), [toAxios, toNodeHttp]],
    ["a Node Readable", Readable.from(["a"]), [toNodeHttp]],
  ])("%s", (_kind, data, converters) => {
    const options = endpoint("POST /x", { data });
    for (const convert of converters) expect(errorOf(() => convert(options))).toMatchObject({ code: "INVALID_OPTIONS", argument: "data" });
  });

  test("a Blob's size is its length: a contradicting content-length is refused, a matching one kept", () => {
    expect(errorOf(() => toFetch(endpoint("POST /x", { data: blob, headers: { "content-length": 4 } })))).toMatchObject({
      code: "INVALID_HEADER_VALUE",
    });
    expect(toUndici(endpoint("POST /x", { data: blob, headers: { "content-length": 3 } }))[1].headers["content-length"]).toBe("3");
  });

  test("URLSearchParams are sent as their text with fetch's content-type, unless the options have one", () => {
    expect(toUndici(endpoint("POST /x", { data: new URLSearchParams("a=b c") }))[1]).toEqual({
      method: "POST",
      headers: headers({ "content-type": "application/x-www-form-urlencoded;charset=UTF-8" }),
      body: "a=b+c",
    });
    expect(
      toGot(endpoint("POST /x", { data: new URLSearchParams("a=1"), headers: { "content-type": "text/plain" } }))[1].headers[
        "content-type"
      ],
    ).toBe("text/plain");
  });
});

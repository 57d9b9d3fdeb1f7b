import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What reached the server: method, request target, header fields and the body's bytes (hex). */
export interface Arrival {
  method: string;
  target: string;
  headers: Record<string, string | string[] | undefined>;
  /** Each field name as it arrived, lowercased, once per line: a name sent twice shows twice. */
  fieldNames: string[];
  body: string;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers 200 `{"ok":true}`. */
export async function startRecordingServer(): Promise<{ url: string; arrivals: Arrival[]; close: () => Promise<void> }> {
  const arrivals: Arrival[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      arrivals.push({
        method: request.method ?? "",
        target: request.url ?? "",
        headers: request.headers,
        fieldNames: request.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase()),
        body: Buffer.concat(chunks).toString("hex"),
      });
      response.setHeader("content-type", "application/json");
      response.end('{"ok":true}');
    });
  });
  return { ...(await listening(server)), arrivals };
}

/** Starts `server` on a free port of 127.0.0.1: its URL, and a function that closes it. */
export async function listening(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}

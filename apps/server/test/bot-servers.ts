import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export interface LocalServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler (a test changes what the server answers). */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A local HTTP server speaking whatever protocol its handler speaks, recording every request. */
export async function startLocalServer(handler: Handler): Promise<LocalServer> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        json = undefined;
      }
      const recorded = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, body, json };
      requests.push(recorded);
      Promise.resolve(current(recorded, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(response: ServerResponse, body: unknown, status = 200): void {
  response.statusCode = status;
  response.setHeader("content-type", "application/json");
  response.end(JSON.stringify(body));
}

/** A chat-completions answer with one choice. */
export function completion(content: string, finishReason = "stop") {
  return { id: "cmpl-1", object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }] };
}

/** The smallest Ogg page header: enough for the media store's content check to call it audio. */
export const OGG_AUDIO = Buffer.concat([Buffer.from("OggS", "ascii"), Buffer.alloc(60, 1)]);

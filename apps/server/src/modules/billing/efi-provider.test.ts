import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { generate } from "selfsigned";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EfiPaymentProvider } from "./efi-provider.ts";

/*
 * A local HTTPS server speaking the subset of EFI's Pix API the provider uses: OAuth client credentials
 * (Basic auth) that demands the client certificate, PUT and GET /v2/cob/{txid} with the bearer token.
 * The certificates are made here: a throwaway CA, the server's certificate and the account's client
 * certificate, both signed by it.
 */
const CLIENT_ID = "Client_Id_test";
const CLIENT_SECRET = "Client_Secret_test";
const WEBHOOK_SECRET = "efi-webhook-secret-long-enough-0123456789";
const TOKEN = "efi-access-token";

interface Cob {
  txid: string;
  status: string;
  valor: { original: string };
  chave: string;
  loc: { location: string };
  location: string;
  pix?: { endToEndId: string; valor: string }[];
}

let dir: string;
let server: https.Server;
let baseUrl: string;
let caPath: string;
let clientPemPath: string;
let strangerPemPath: string;
const cobs = new Map<string, Cob>();
const seen: { method: string; url: string; authorized: boolean; clientCn: string | undefined; authorization: string | undefined; body: unknown }[] = [];

async function certificates() {
  const ca = await generate([{ name: "commonName", value: "Test EFI CA" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signed = (cn: string, extensions: object[]) =>
    generate([{ name: "commonName", value: cn }], { keySize: 2048, algorithm: "sha256", ca: { key: ca.private, cert: ca.cert }, extensions: extensions as never });
  const serverCert = await signed("localhost", [
    { name: "basicConstraints", cA: false },
    { name: "extKeyUsage", serverAuth: true },
    { name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }, { type: 7, ip: "127.0.0.1" }] },
  ]);
  const clientCert = await signed("conversa-account", [{ name: "basicConstraints", cA: false }, { name: "extKeyUsage", clientAuth: true }]);
  // A client certificate from another CA: the server must refuse it.
  const stranger = await generate([{ name: "commonName", value: "stranger" }], { keySize: 2048, algorithm: "sha256" });
  return { ca, serverCert, clientCert, stranger };
}

function readBody(req: import("node:http").IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      resolve(text ? JSON.parse(text) : undefined);
    });
  });
}

beforeAll(async () => {
  const { ca, serverCert, clientCert, stranger } = await certificates();
  dir = mkdtempSync(path.join(os.tmpdir(), "efi-test-"));
  caPath = path.join(dir, "ca.pem");
  clientPemPath = path.join(dir, "client.pem");
  strangerPemPath = path.join(dir, "stranger.pem");
  writeFileSync(caPath, ca.cert);
  writeFileSync(clientPemPath, `${clientCert.cert}\n${clientCert.private}`);
  writeFileSync(strangerPemPath, `${stranger.cert}\n${stranger.private}`);
  server = https.createServer({ key: serverCert.private, cert: serverCert.cert, ca: ca.cert, requestCert: true, rejectUnauthorized: false }, async (req, res) => {
    const socket = req.socket as TLSSocket;
    const body = await readBody(req);
    const peer = socket.getPeerCertificate();
    seen.push({ method: req.method ?? "", url: req.url ?? "", authorized: socket.authorized, clientCn: peer?.subject?.CN, authorization: req.headers.authorization, body });
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    };
    // EFI refuses every call without the account's certificate.
    if (!socket.authorized) return answer(401, { nome: "certificado_invalido" });
    if (req.method === "POST" && req.url === "/oauth/token") {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
      if (req.headers.authorization !== expected || (body as { grant_type?: string })?.grant_type !== "client_credentials") return answer(401, { error: "invalid_client" });
      return answer(200, { access_token: TOKEN, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read" });
    }
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return answer(401, { nome: "nao_autorizado" });
    const match = /^\/v2\/cob\/([A-Za-z0-9]{26,35})$/.exec(req.url ?? "");
    if (!match) return answer(404, { nome: "nao_encontrado" });
    const txid = match[1]!;
    if (req.method === "PUT") {
      const request = body as { valor: { original: string }; chave: string };
      const location = `pix.sandbox.example.com/v2/${txid.toLowerCase()}`;
      const cob: Cob = { txid, status: "ATIVA", valor: request.valor, chave: request.chave, loc: { location }, location };
      cobs.set(txid, cob);
      return answer(201, cob);
    }
    if (req.method === "GET") {
      const cob = cobs.get(txid);
      return cob ? answer(200, cob) : answer(404, { nome: "cobranca_nao_encontrada" });
    }
    return answer(405, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
});

const provider = (overrides: Partial<ConstructorParameters<typeof EfiPaymentProvider>[0]> = {}) =>
  new EfiPaymentProvider({
    baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    certificatePath: clientPemPath,
    certificatePassphrase: undefined,
    caPath,
    pixKey: "chave-pix-da-conta",
    merchantName: "Conversa",
    merchantCity: "Sao Paulo",
    webhookSecret: WEBHOOK_SECRET,
    timeoutMs: 10_000,
    ...overrides,
  });
const TXID = "AbCdEfGhIjKlMnOpQrStUvWxYz012345";

describe("the EFI Pix provider", () => {
  it("gets a token with the client certificate and creates the charge by txid; the BR Code is dynamic with EFI's location", async () => {
    const efi = provider();
    const charge = await efi.createCharge({ txid: TXID, amountCents: 9990, expiresInSeconds: 3600, description: "Fatura 1" });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(["POST /oauth/token", `PUT /v2/cob/${TXID}`]);
    expect(seen.every((s) => s.authorized && s.clientCn === "conversa-account")).toBe(true);
    expect(seen[1]!.body).toEqual({ calendario: { expiracao: 3600 }, valor: { original: "99.90" }, chave: "chave-pix-da-conta", solicitacaoPagador: "Fatura 1" });
    expect(charge.location).toBe(`pix.sandbox.example.com/v2/${TXID.toLowerCase()}`);
    expect(charge.brCode).toContain(`25${String(charge.location!.length).padStart(2, "0")}${charge.location}`);
    expect(charge.brCode.startsWith("00020101021226")).toBe(true);
    // The token is reused for the next call.
    await efi.readCharge(TXID);
    expect(seen.filter((s) => s.url === "/oauth/token")).toHaveLength(1);
  });

  it("reads a charge's state: pending while ATIVA, paid with the amount once CONCLUIDA", async () => {
    const efi = provider();
    await efi.createCharge({ txid: TXID, amountCents: 12345, expiresInSeconds: 3600, description: "Fatura 2" });
    expect(await efi.readCharge(TXID)).toEqual({ status: "pending", paidCents: 0, endToEndId: null });
    cobs.set(TXID, { ...cobs.get(TXID)!, status: "CONCLUIDA", pix: [{ endToEndId: "E0000000020261124abc", valor: "123.45" }] });
    expect(await efi.readCharge(TXID)).toEqual({ status: "paid", paidCents: 12345, endToEndId: "E0000000020261124abc" });
  });

  it("refuses a webhook without the URL's secret, and reports only what EFI says was paid", async () => {
    const efi = provider();
    await efi.createCharge({ txid: TXID, amountCents: 5000, expiresInSeconds: 3600, description: "Fatura 3" });
    const body = { pix: [{ endToEndId: "E1", txid: TXID, valor: "50.00", horario: "2026-11-24T12:00:00Z" }] };
    await expect(efi.verifyConfirmation({ headers: {}, query: {}, body })).rejects.toMatchObject({ code: "ERR_PAYMENT_UNAUTHENTICATED" });
    await expect(efi.verifyConfirmation({ headers: {}, query: { hmac: "wrong" }, body })).rejects.toMatchObject({ code: "ERR_PAYMENT_UNAUTHENTICATED" });
    // Authenticated, but EFI still shows the charge unpaid: nothing is reported.
    expect(await efi.verifyConfirmation({ headers: {}, query: { hmac: WEBHOOK_SECRET }, body })).toEqual([]);
    cobs.set(TXID, { ...cobs.get(TXID)!, status: "CONCLUIDA", pix: [{ endToEndId: "E2-real", valor: "50.00" }] });
    // The amount reported is EFI's, not the webhook body's.
    const forgedAmount = { pix: [{ endToEndId: "E1", txid: TXID, valor: "0.01" }] };
    expect(await efi.verifyConfirmation({ headers: {}, query: { hmac: WEBHOOK_SECRET }, body: forgedAmount })).toEqual([{ txid: TXID, endToEndId: "E2-real", amountCents: 5000 }]);
  });

  it("answers ERR_PAYMENT_PROVIDER with wrong credentials", async () => {
    await expect(provider({ clientSecret: "wrong" }).createCharge({ txid: TXID, amountCents: 100, expiresInSeconds: 60, description: "x" })).rejects.toMatchObject({ code: "ERR_PAYMENT_PROVIDER" });
  });

  it("is refused by the server with a certificate the account does not hold", async () => {
    await expect(provider({ certificatePath: strangerPemPath }).createCharge({ txid: TXID, amountCents: 100, expiresInSeconds: 60, description: "x" })).rejects.toMatchObject({ code: "ERR_PAYMENT_PROVIDER" });
    expect(seen.every((s) => !s.authorized)).toBe(true);
  });

  it("does not trust a server whose certificate is not signed by the configured authority", async () => {
    await expect(provider({ caPath: undefined }).createCharge({ txid: TXID, amountCents: 100, expiresInSeconds: 60, description: "x" })).rejects.toMatchObject({ code: "ERR_PAYMENT_PROVIDER" });
    expect(seen).toEqual([]);
  });
});

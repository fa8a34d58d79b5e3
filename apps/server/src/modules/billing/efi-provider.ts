import { timingSafeEqual, createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import https from "node:https";
import { z } from "zod";
import type { EfiConfig } from "../../config.ts";
import { AppError } from "../../lib/app-error.ts";
import { buildBrCode, formatAmount } from "./br-code.ts";
import { type ChargeRequest, type ChargeState, type ConfirmationRequest, type ConfirmedPayment, type CreatedCharge, type PaymentProvider, centsOf } from "./payment-provider.ts";

const ZToken = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const ZCob = z.object({
  txid: z.string(),
  status: z.string(),
  valor: z.object({ original: z.string() }),
  location: z.string().optional(),
  loc: z.object({ location: z.string().optional() }).optional(),
  pix: z.array(z.object({ endToEndId: z.string(), valor: z.string() })).optional(),
});
/** EFI's webhook body: the Pix payments received (only those of charges carry a txid). */
const ZWebhook = z.object({
  pix: z.array(z.object({ endToEndId: z.string().max(64), txid: z.string().max(35).optional(), valor: z.string().max(20) })).max(100),
});

export interface EfiProviderOptions extends EfiConfig {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  webhookSecret: string;
  /** How long a request to EFI may take. */
  timeoutMs?: number;
}

interface HttpAnswer {
  status: number;
  body: unknown;
}

/**
 * The EFI (ex-Gerencianet) Pix API: an OAuth access token by client credentials over mutual TLS (the
 * account's client certificate), charges by transaction id (`PUT /v2/cob/{txid}`, `GET /v2/cob/{txid}`),
 * and the webhook EFI calls when a charge is paid. A webhook is accepted only with the secret of its URL
 * (`?hmac=`), and what it reports is read back from EFI before anything is settled.
 */
export class EfiPaymentProvider implements PaymentProvider {
  readonly name = "efi" as const;
  private readonly agent: https.Agent;
  /** The access token and when it stops being usable: a cache of the provider's answer, safe to lose. */
  private token: { value: string; until: number } | undefined;

  constructor(private readonly options: EfiProviderOptions) {
    const certificate = readFileSync(options.certificatePath);
    const isPkcs12 = /\.(p12|pfx)$/i.test(options.certificatePath);
    this.agent = new https.Agent({
      keepAlive: true,
      ...(isPkcs12 ? { pfx: certificate, passphrase: options.certificatePassphrase } : { cert: certificate, key: certificate, passphrase: options.certificatePassphrase }),
      ...(options.caPath ? { ca: readFileSync(options.caPath) } : {}),
    });
  }

  private request(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        `${this.options.baseUrl}${path}`,
        {
          method,
          agent: this.agent,
          timeout: this.options.timeoutMs ?? 15_000,
          headers: { accept: "application/json", ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = null;
            try {
              parsed = text ? JSON.parse(text) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on("error", reject);
        },
      );
      req.on("timeout", () => req.destroy(new Error("EFI request timed out")));
      req.on("error", reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  /** The access token, asked again a minute before it expires. Never logged. */
  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64");
    const answer = await this.call("POST", "/oauth/token", { authorization: `Basic ${basic}` }, { grant_type: "client_credentials" }, false);
    const token = ZToken.safeParse(answer.body);
    if (answer.status !== 200 || !token.success) throw new AppError("ERR_PAYMENT_PROVIDER", { status: answer.status });
    this.token = { value: token.data.access_token, until: Date.now() + Math.max(0, (token.data.expires_in ?? 3600) - 60) * 1000 };
    return this.token.value;
  }

  private async call(method: string, path: string, headers: Record<string, string>, body: unknown, authorised = true): Promise<HttpAnswer> {
    const auth: Record<string, string> = authorised ? { authorization: `Bearer ${await this.accessToken()}` } : {};
    try {
      const answer = await this.request(method, path, { ...headers, ...auth }, body);
      if (answer.status === 401 && authorised) this.token = undefined;
      return answer;
    } catch {
      // Connection, TLS or timeout: the details may name the certificate; the caller gets the code alone.
      throw new AppError("ERR_PAYMENT_PROVIDER");
    }
  }

  private async cob(method: "PUT" | "GET", txid: string, body?: unknown) {
    const answer = await this.call(method, `/v2/cob/${encodeURIComponent(txid)}`, {}, body);
    const cob = ZCob.safeParse(answer.body);
    if (answer.status < 200 || answer.status >= 300 || !cob.success) throw new AppError("ERR_PAYMENT_PROVIDER", { status: answer.status });
    return cob.data;
  }

  async createCharge(request: ChargeRequest): Promise<CreatedCharge> {
    const cob = await this.cob("PUT", request.txid, {
      calendario: { expiracao: request.expiresInSeconds },
      valor: { original: formatAmount(request.amountCents) },
      chave: this.options.pixKey,
      solicitacaoPagador: request.description.slice(0, 140),
    });
    const location = cob.loc?.location ?? cob.location;
    if (!location) throw new AppError("ERR_PAYMENT_PROVIDER");
    const { merchantName, merchantCity } = this.options;
    return { brCode: buildBrCode({ location, amountCents: request.amountCents, merchantName, merchantCity }), location };
  }

  async readCharge(txid: string): Promise<ChargeState> {
    const cob = await this.cob("GET", txid);
    if (cob.status === "CONCLUIDA") {
      const payments = cob.pix ?? [];
      const paid = payments.reduce((sum, pix) => sum + (centsOf(pix.valor) ?? 0), 0);
      return { status: "paid", paidCents: paid, endToEndId: payments[0]?.endToEndId ?? null };
    }
    if (cob.status.startsWith("REMOVIDA")) return { status: "removed", paidCents: 0, endToEndId: null };
    return { status: "pending", paidCents: 0, endToEndId: null };
  }

  /**
   * EFI calls the webhook URL registered for the Pix key, which carries the secret (`?hmac=`). A call
   * without it is refused; with it, each reported charge is read back from EFI and only what EFI says
   * was paid is reported.
   */
  async verifyConfirmation(request: ConfirmationRequest): Promise<ConfirmedPayment[]> {
    const given = request.query.hmac;
    const digest = (value: string) => createHash("sha256").update(value).digest();
    if (typeof given !== "string" || !timingSafeEqual(digest(given), digest(this.options.webhookSecret))) throw new AppError("ERR_PAYMENT_UNAUTHENTICATED");
    const parsed = ZWebhook.safeParse(request.body);
    if (!parsed.success) throw new AppError("ERR_VALIDATION");
    const confirmed: ConfirmedPayment[] = [];
    const txids = [...new Set(parsed.data.pix.flatMap((pix) => (pix.txid ? [pix.txid] : [])))];
    for (const txid of txids) {
      const state = await this.readCharge(txid);
      if (state.status !== "paid") continue;
      confirmed.push({ txid, endToEndId: state.endToEndId ?? "", amountCents: state.paidCents });
    }
    return confirmed;
  }
}

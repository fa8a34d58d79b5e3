import { createHmac, timingSafeEqual } from "node:crypto";
import { ZSimulatorConfirmation } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import { buildBrCode, formatAmount } from "./br-code.ts";
import { type ChargeState, type ConfirmationRequest, type ConfirmedPayment, type CreatedCharge, type PaymentProvider, centsOf } from "./payment-provider.ts";

/** The header that carries the simulator's signature of a confirmation. */
export const SIMULATOR_SIGNATURE_HEADER = "x-payment-signature";

export interface SimulatorProviderOptions {
  webhookSecret: string;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
}

/** What the simulator signs of a confirmation: every field that matters, in a fixed order. */
function signedText(body: { txid: string; endToEndId: string; valor: string; horario: string }): string {
  return [body.txid, body.endToEndId, body.valor, body.horario].join("\n");
}

/** The simulator's signature of a confirmation body (hex HMAC-SHA256 with the webhook secret). */
export function signSimulatorConfirmation(secret: string, body: { txid: string; endToEndId: string; valor: string; horario: string }): string {
  return createHmac("sha256", secret).update(signedText(body)).digest("hex");
}

/**
 * The built-in payment simulator: charges get a static BR Code from the simulator's Pix key, and a
 * payment is confirmed by a signed confirmation that the simulator's pay route delivers to the same
 * webhook path a provider uses. Nothing leaves the process.
 */
export class SimulatorPaymentProvider implements PaymentProvider {
  readonly name = "simulator" as const;

  constructor(private readonly options: SimulatorProviderOptions) {}

  async createCharge(request: { txid: string; amountCents: number; description: string }): Promise<CreatedCharge> {
    const { pixKey, merchantName, merchantCity } = this.options;
    return {
      brCode: buildBrCode({ key: pixKey, amountCents: request.amountCents, merchantName, merchantCity, txid: request.txid.slice(0, 25), description: request.description }),
      location: null,
    };
  }

  /** The simulator keeps no state of its own: a charge is pending until its confirmation arrives. */
  async readCharge(): Promise<ChargeState> {
    return { status: "pending", paidCents: 0, endToEndId: null };
  }

  /** A confirmation of a payment of `amountCents` for `txid`, signed: the body and headers a delivery carries. */
  confirmationFor(txid: string, amountCents: number, at = new Date()): { body: { txid: string; endToEndId: string; valor: string; horario: string }; headers: Record<string, string> } {
    const body = { txid, endToEndId: `E${Date.now()}${txid.slice(0, 16)}`.slice(0, 32), valor: formatAmount(amountCents), horario: at.toISOString() };
    return { body, headers: { [SIMULATOR_SIGNATURE_HEADER]: signSimulatorConfirmation(this.options.webhookSecret, body) } };
  }

  async verifyConfirmation(request: ConfirmationRequest): Promise<ConfirmedPayment[]> {
    const parsed = ZSimulatorConfirmation.safeParse(request.body);
    const signature = request.headers[SIMULATOR_SIGNATURE_HEADER];
    if (typeof signature !== "string" || !/^[0-9a-f]{64}$/.test(signature)) throw new AppError("ERR_PAYMENT_UNAUTHENTICATED");
    if (!parsed.success) throw new AppError("ERR_VALIDATION");
    const expected = Buffer.from(signSimulatorConfirmation(this.options.webhookSecret, parsed.data), "hex");
    if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) throw new AppError("ERR_PAYMENT_UNAUTHENTICATED");
    const cents = centsOf(parsed.data.valor);
    if (cents === null) throw new AppError("ERR_VALIDATION");
    return [{ txid: parsed.data.txid, endToEndId: parsed.data.endToEndId, amountCents: cents }];
  }
}

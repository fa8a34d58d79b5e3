/** What a payment provider does for billing: Pix charges for invoices, their state, and their confirmations. */

export interface ChargeRequest {
  /** The transaction id, 26 to 35 letters and digits, chosen by the product. */
  txid: string;
  amountCents: number;
  expiresInSeconds: number;
  /** Shown to the payer by the bank app. */
  description: string;
}

export interface CreatedCharge {
  /** The BR Code the payer scans or pastes. */
  brCode: string;
  /** The provider's payload location (dynamic BR Code), or null for a static code. */
  location: string | null;
}

export interface ChargeState {
  status: "pending" | "paid" | "removed";
  /** What was paid, in cents (0 while pending). */
  paidCents: number;
  endToEndId: string | null;
}

/** A payment a confirmation reports, once authenticated. */
export interface ConfirmedPayment {
  txid: string;
  endToEndId: string;
  amountCents: number;
}

/** A delivered confirmation as it arrived (webhook request). */
export interface ConfirmationRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

export interface PaymentProvider {
  readonly name: "simulator" | "efi";
  /** Creates the charge at the provider. Throws ERR_PAYMENT_PROVIDER when it cannot. */
  createCharge(request: ChargeRequest): Promise<CreatedCharge>;
  /** Reads the charge's state at the provider. Throws ERR_PAYMENT_PROVIDER when it cannot. */
  readCharge(txid: string): Promise<ChargeState>;
  /**
   * Authenticates a delivered confirmation and answers the payments it reports, as the provider itself
   * states them. Throws ERR_PAYMENT_UNAUTHENTICATED (not from the provider), ERR_VALIDATION (unreadable).
   */
  verifyConfirmation(request: ConfirmationRequest): Promise<ConfirmedPayment[]>;
}

/** Parses "99.90" (the Pix wire format of amounts) into cents without floating point; null when malformed. */
export function centsOf(amount: string): number | null {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(amount.trim());
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

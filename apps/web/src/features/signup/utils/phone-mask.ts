import { SIGNUP_PHONE_MAX_DIGITS, SIGNUP_PHONE_MIN_DIGITS } from "@conversa/shared";

/** The digits of a typed phone, at most 11 (spec core §5). */
export function phoneDigits(text: string): string {
  return text.replace(/\D/g, "").slice(0, SIGNUP_PHONE_MAX_DIGITS);
}

/**
 * A phone as it is typed, in the mask (99) 99999-9999: the area code in brackets, then the number with
 * a hyphen before its last 4 digits (a 10-digit landline reads (99) 9999-9999).
 */
export function maskPhone(text: string): string {
  const digits = phoneDigits(text);
  if (digits.length === 0) return "";
  const area = digits.slice(0, 2);
  if (digits.length <= 2) return `(${area}`;
  const number = digits.slice(2);
  if (number.length <= 4) return `(${area}) ${number}`;
  const head = number.length === 9 ? 5 : 4;
  return `(${area}) ${number.slice(0, head)}-${number.slice(head)}`;
}

/** Whether a typed phone is empty or a whole number with its area code (10 or 11 digits). */
export function isPhoneComplete(text: string): boolean {
  const digits = text.replace(/\D/g, "");
  return digits.length === 0 || (digits.length >= SIGNUP_PHONE_MIN_DIGITS && digits.length <= SIGNUP_PHONE_MAX_DIGITS);
}

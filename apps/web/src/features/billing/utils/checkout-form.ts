import { CHECKOUT_COUNTRIES } from "@conversa/shared";
import { z } from "zod";

/** The checkout's first step (spec admin §5): the required fields and their messages (translation keys). */
export const ZCheckoutData = z.object({
  firstName: z.string().trim().min(1, "billing.checkout.required.firstName"),
  lastName: z.string().trim().max(100),
  address2: z.string().trim().min(1, "billing.checkout.required.address"),
  city: z.string().trim().min(1, "billing.checkout.required.city"),
  state: z.string().trim().max(100),
  zipcode: z.string().trim().min(1, "billing.checkout.required.zipcode"),
  country: z.union([z.enum(CHECKOUT_COUNTRIES), z.literal("")]).refine((value) => value !== "", "billing.checkout.required.country"),
});
export type CheckoutData = z.input<typeof ZCheckoutData>;

export const EMPTY_CHECKOUT: CheckoutData = { firstName: "", lastName: "", address2: "", city: "", state: "", zipcode: "", country: "BR" };

/** The first message key of each field that fails, or an empty object. */
export function checkoutErrors(data: CheckoutData): Partial<Record<keyof CheckoutData, string>> {
  const parsed = ZCheckoutData.safeParse(data);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof CheckoutData, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CheckoutData;
    errors[field] ??= issue.message;
  }
  return errors;
}

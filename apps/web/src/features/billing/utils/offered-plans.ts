import { type SubscriptionInfo, isFreePlan } from "@conversa/shared";

/** What the checkout shows and sends of a plan. */
export type CheckoutPlan = NonNullable<SubscriptionInfo["plan"]>;

/**
 * The plans the checkout offers: the public paid ones, and the company's own plan when it is paid but
 * not public (a company the provider put on a private plan pays its invoices for it too).
 */
export function offeredPlans(publicPlans: CheckoutPlan[], currentPlan: SubscriptionInfo["plan"]): CheckoutPlan[] {
  if (!currentPlan || isFreePlan(currentPlan) || publicPlans.some((p) => p.id === currentPlan.id)) return publicPlans;
  return [...publicPlans, currentPlan];
}

import { describe, expect, it } from "vitest";
import { type CheckoutPlan, offeredPlans } from "./offered-plans.ts";

const plan = (id: number, value: number): CheckoutPlan => ({ id, name: `Plano ${id}`, value, users: 5, connections: 2, queues: 3 });

describe("the plans the checkout offers", () => {
  const publicPlans = [plan(1, 99), plan(2, 199)];

  it("adds the company's own plan when it is paid but not public", () => {
    expect(offeredPlans(publicPlans, plan(7, 49)).map((p) => p.id)).toEqual([1, 2, 7]);
  });

  it("does not list the company's plan twice when it is public", () => {
    expect(offeredPlans(publicPlans, plan(2, 199)).map((p) => p.id)).toEqual([1, 2]);
  });

  it("never offers a free plan, even the company's own", () => {
    expect(offeredPlans(publicPlans, plan(9, 0)).map((p) => p.id)).toEqual([1, 2]);
  });

  it("offers the public plans to a company on no plan", () => {
    expect(offeredPlans(publicPlans, null)).toEqual(publicPlans);
  });
});

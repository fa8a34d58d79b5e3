import { describe, expect, it } from "vitest";
import type { RequestContext } from "../../lib/context.ts";
import { canAccessTicket, ticketAudience, viewerAudience } from "./tickets.policy.ts";

const actors: { name: string; ctx: RequestContext; queueIds: number[]; allTicket: string }[] = [
  { name: "admin", ctx: { companyId: 1, userId: 1, profile: "admin", isSuper: false }, queueIds: [], allTicket: "desabled" },
  { name: "super admin", ctx: { companyId: 1, userId: 2, profile: "admin", isSuper: true }, queueIds: [10], allTicket: "desabled" },
  { name: "user of queue 10", ctx: { companyId: 1, userId: 3, profile: "user", isSuper: false }, queueIds: [10], allTicket: "desabled" },
  { name: "user of queues 10 and 20", ctx: { companyId: 1, userId: 4, profile: "user", isSuper: false }, queueIds: [10, 20], allTicket: "desabled" },
  { name: "user without queues, allTicket", ctx: { companyId: 1, userId: 5, profile: "user", isSuper: false }, queueIds: [], allTicket: "enabled" },
  { name: "user of queue 20, allTicket", ctx: { companyId: 1, userId: 6, profile: "user", isSuper: false }, queueIds: [20], allTicket: "enabled" },
  { name: "user without anything", ctx: { companyId: 1, userId: 7, profile: "user", isSuper: false }, queueIds: [], allTicket: "desabled" },
];
const ticketsOf = [null, 10, 20, 30].flatMap((queueId) => [null, 1, 3, 5, 7, 99].map((userId) => ({ queueId, userId })));

describe("viewerAudience and ticketAudience", () => {
  it.each(actors)("share a key exactly when canAccessTicket lets $name open the ticket", ({ ctx, queueIds, allTicket }) => {
    const facts = { queueIds, allTicket };
    const keys = new Set(viewerAudience(ctx, facts));
    for (const ticket of ticketsOf) {
      const shared = ticketAudience(ticket).some((key) => keys.has(key));
      expect(shared, JSON.stringify(ticket)).toBe(canAccessTicket(ctx, ticket, facts));
    }
  });
});

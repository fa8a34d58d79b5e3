import { describe, expect, it } from "vitest";
import { signingSecretChange } from "./integration-secret-origin.ts";

const hook = { urlN8N: "https://crm.example.com/in", hasSecret: true };

describe("signingSecretChange", () => {
  it.each([
    ["the same address", hook, { urlN8N: "https://crm.example.com/in", signs: true }, "keep"],
    ["another path on the same origin", hook, { urlN8N: "https://crm.example.com/other?x=1", signs: true }, "keep"],
    ["renewSecret", hook, { urlN8N: "https://crm.example.com/in", signs: true, renewSecret: true }, "renew"],
    ["another host", hook, { urlN8N: "https://n8n.example.com/in", signs: true }, "renew"],
    ["another port", hook, { urlN8N: "https://crm.example.com:8443/in", signs: true }, "renew"],
    ["another scheme", hook, { urlN8N: "http://crm.example.com/in", signs: true }, "renew"],
    ["no secret stored yet", { ...hook, hasSecret: false }, { urlN8N: "https://crm.example.com/in", signs: true }, "renew"],
    ["a type that signs nothing, elsewhere", hook, { urlN8N: "https://typebot.example.com", signs: false }, "drop"],
    ["a type that signs nothing, same origin", hook, { urlN8N: "https://crm.example.com/typebot", signs: false }, "keep"],
    ["dialogflow without an address", { urlN8N: "", hasSecret: false }, { urlN8N: "", signs: false }, "keep"],
  ] as const)("%s", (_label, current, next, expected) => {
    expect(signingSecretChange(current, next)).toBe(expected);
  });
});

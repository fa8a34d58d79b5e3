import { ERROR_CODES } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { pt } from "./pt.ts";

function flattenKeys(value: object, prefix = ""): string[] {
  return Object.entries(value).flatMap(([key, child]: [string, unknown]) =>
    typeof child === "object" && child !== null ? flattenKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function flattenValues(value: object): unknown[] {
  return Object.values(value).flatMap((child: unknown) =>
    typeof child === "object" && child !== null ? flattenValues(child) : [child],
  );
}

describe("locales", () => {
  it.each([
    ["en", en],
    ["es", es],
  ])("%s has exactly the keys of pt", (_language, messages) => {
    expect(flattenKeys(messages).sort()).toEqual(flattenKeys(pt).sort());
  });

  it.each([
    ["pt", pt],
    ["en", en],
    ["es", es],
  ])("%s has a non-empty text for every error code of the registry", (_language, messages) => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(Object.entries(messages.errors).find(([key]) => key === code)?.[1], code).toMatch(/\S/);
    }
    expect(flattenValues(messages).every((text) => typeof text === "string" && text.trim() !== "")).toBe(true);
  });
});

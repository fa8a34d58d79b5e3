import { SETTING_KEYS } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { GENERAL_CONTROLS, INTEGRATION_GROUPS, settingValue, textToSend } from "./setting-controls.ts";

describe("the Options tab's controls", () => {
  it("has one control per setting key of spec admin §3 (campaignsEnabled belongs to the companies form)", () => {
    const keys = [...GENERAL_CONTROLS, ...INTEGRATION_GROUPS.flatMap((group) => group.controls)].map((control) => control.key);
    expect(keys.sort()).toEqual(SETTING_KEYS.filter((key) => key !== "campaignsEnabled").sort());
  });

  it("offers disabled, queue and company for scheduleType and text only for chatBotType", () => {
    const options = (key: string) => GENERAL_CONTROLS.flatMap((control) => (control.key === key && control.kind === "select" ? [control.options] : []))[0];
    expect(options("scheduleType")).toEqual(["disabled", "queue", "company"]);
    expect(options("chatBotType")).toEqual(["text"]);
  });
});

describe("settingValue", () => {
  it("falls back to the default of a key the company lacks", () => {
    expect(settingValue([], "scheduleType")).toBe("disabled");
    expect(settingValue([{ key: "scheduleType", value: "company" }], "scheduleType")).toBe("company");
  });
});

describe("textToSend", () => {
  it.each([
    ["an unchanged plain value sends nothing", "10.0.0.1", "10.0.0.1", false, null],
    ["a changed plain value is sent trimmed", " 10.0.0.2 ", "10.0.0.1", false, "10.0.0.2"],
    ["a cleared plain value is sent empty", "", "10.0.0.1", false, ""],
    ["an empty secret keeps the stored one", "", "", true, null],
    ["a typed secret is sent", "abc", "", true, "abc"],
  ])("%s", (_label, input, stored, secret, expected) => {
    expect(textToSend(input, stored, secret)).toBe(expected);
  });
});

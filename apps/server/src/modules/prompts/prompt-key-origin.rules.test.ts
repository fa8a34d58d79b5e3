import { describe, expect, it } from "vitest";
import { type StoredPromptKeys, keyOriginChange } from "./prompt-key-origin.ts";

const azure = { openAiBaseUrl: "https://api.openai.com/v1", speechBaseUrl: undefined };
const ownSpeech = { openAiBaseUrl: "https://api.openai.com/v1", speechBaseUrl: "https://speech.example.com" };
const stored: StoredPromptKeys = { baseUrl: "http://127.0.0.1:11434/v1", voiceRegion: "brazilsouth", hasApiKey: true, hasVoiceKey: true };
const same = { baseUrl: "http://127.0.0.1:11434/v1", voiceRegion: "brazilsouth", apiKey: "••••1234", voiceKey: "••••5678" };

describe("keyOriginChange", () => {
  it.each([
    ["nothing moves", stored, same, azure, []],
    ["another path and a trailing slash on the same origin", stored, { ...same, baseUrl: "http://127.0.0.1:11434/openai/v1/" }, azure, []],
    ["another port", stored, { ...same, baseUrl: "http://127.0.0.1:11435/v1" }, azure, ["apiKey"]],
    ["another scheme", stored, { ...same, baseUrl: "https://127.0.0.1:11434/v1" }, azure, ["apiKey"]],
    ["another host, the key left out", stored, { ...same, baseUrl: "http://model.example.com:11434/v1", apiKey: undefined }, azure, ["apiKey"]],
    ["another host, the key empty", stored, { ...same, baseUrl: "http://model.example.com:11434/v1", apiKey: "" }, azure, ["apiKey"]],
    ["another host with a new key", stored, { ...same, baseUrl: "http://model.example.com/v1", apiKey: "sk-new-key-0000" }, azure, []],
    ["another host with the key removed", stored, { ...same, baseUrl: "http://model.example.com/v1", apiKey: null }, azure, []],
    ["a custom server replaced by the installation's", stored, { ...same, baseUrl: null }, azure, ["apiKey"]],
    ["the installation's replaced by a custom server", { ...stored, baseUrl: null }, same, azure, ["apiKey"]],
    ["a custom server equal to the installation's origin", { ...stored, baseUrl: null }, { ...same, baseUrl: "https://api.openai.com/v1" }, azure, []],
    ["no stored key", { ...stored, hasApiKey: false }, { ...same, baseUrl: "http://model.example.com/v1" }, azure, []],
    ["another region", stored, { ...same, voiceRegion: "eastus" }, azure, ["voiceKey"]],
    ["the region's case", stored, { ...same, voiceRegion: "BrazilSouth" }, azure, []],
    ["another region with a new voice key", stored, { ...same, voiceRegion: "eastus", voiceKey: "speech-key-9999" }, azure, []],
    ["another region with the installation's speech server", stored, { ...same, voiceRegion: "eastus" }, ownSpeech, []],
    ["both keys", stored, { ...same, baseUrl: "", voiceRegion: "eastus" }, azure, ["apiKey", "voiceKey"]],
  ] as const)("%s", (_label, current, body, installation, expected) => {
    expect(keyOriginChange(current, body, installation)).toEqual(expected);
  });
});

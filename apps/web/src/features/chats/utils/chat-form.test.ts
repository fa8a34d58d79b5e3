import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { chatOf } from "../testing/fixtures.ts";
import { buildChatFormSchema, chatFormValues, toChatBody } from "./chat-form.ts";

const schema = buildChatFormSchema(i18n.t);
const messagesOf = (values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the chat form", () => {
  it("asks for a title and at least one user, in the spec's words", () => {
    expect(messagesOf({ title: "  ", users: [] })).toEqual(["Por favor, preencha o título da conversa.", "Por favor, selecione pelo menos um usuário."]);
    expect(messagesOf({ title: "Escala", users: [{ id: 8, name: "Bruno" }] })).toEqual([]);
    expect(messagesOf({ title: "x".repeat(101), users: [{ id: 8, name: "Bruno" }] })).toEqual(["Use no máximo 100 caracteres."]);
  });

  it("edits a chat's title and its members other than the owner, and sends their ids", () => {
    const values = chatFormValues(chatOf(4, { title: "Plantão" }));
    expect(values).toEqual({ title: "Plantão", users: [{ id: 8, name: "Bruno Lima" }] });
    expect(toChatBody({ ...values, title: "  Plantão novo " })).toEqual({ title: "Plantão novo", users: [8] });
  });
});

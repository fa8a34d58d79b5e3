import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { SendTestForm } from "./send-test-form.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const answer = { message: "Message queued for sending", messageId: 9, messageIds: [9], ticketId: 3, contactId: 4, ticketCreated: true };

describe("SendTestForm", () => {
  it("sends a text with the typed connection token, not the session, and shows the API's answer", async () => {
    const calls: FetchCall[] = [];
    mockFetch((call) => {
      if (call.path !== "/api/messages/send") return undefined;
      calls.push(call);
      return jsonResponse(answer);
    });
    renderWithProviders(<SendTestForm kind="text" />);
    const user = userEvent.setup();
    const form = screen.getByRole("form", { name: "Teste de envio de texto" });
    await user.type(within(form).getByRole("textbox", { name: /^Token/ }), "conn-token-1");
    await user.type(within(form).getByRole("textbox", { name: /^Número/ }), "5511999998888");
    await user.type(within(form).getByRole("textbox", { name: /^Mensagem/ }), "Olá!");
    await user.click(within(form).getByRole("button", { name: "Enviar" }));
    expect(await within(form).findByText("Mensagem enviada")).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.headers.get("authorization")).toBe("Bearer conn-token-1");
    expect(calls[0]!.body).toEqual({ number: "5511999998888", body: "Olá!" });
    expect(within(form).getByLabelText("Resposta da API")).toHaveTextContent('"messageId": 9');
  });

  it("refuses a masked number, an empty text and a media send without a file before calling the API", async () => {
    const calls: FetchCall[] = [];
    mockFetch((call) => {
      if (call.path === "/api/messages/send") calls.push(call);
      return undefined;
    });
    renderWithProviders(
      <>
        <SendTestForm kind="text" />
        <SendTestForm kind="media" />
      </>,
    );
    const user = userEvent.setup();
    const text = screen.getByRole("form", { name: "Teste de envio de texto" });
    await user.type(within(text).getByRole("textbox", { name: /^Token/ }), "t");
    await user.type(within(text).getByRole("textbox", { name: /^Número/ }), "+55 (11) 99999-8888");
    await user.click(within(text).getByRole("button", { name: "Enviar" }));
    expect(within(text).getByText("Use só dígitos: país + DDD + número (8 a 15 dígitos)")).toBeInTheDocument();
    expect(within(text).getByText("Obrigatório")).toBeInTheDocument();
    const media = screen.getByRole("form", { name: "Teste de envio de mídia" });
    await user.type(within(media).getByRole("textbox", { name: /^Token/ }), "t");
    await user.type(within(media).getByRole("textbox", { name: /^Número/ }), "5511999998888");
    await user.click(within(media).getByRole("button", { name: "Enviar" }));
    expect(within(media).getByText("Escolha ao menos um arquivo")).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("sends the chosen files as multipart medias and shows a refusal with its status", async () => {
    const calls: FetchCall[] = [];
    mockFetch((call) => {
      if (call.path !== "/api/messages/send") return undefined;
      calls.push(call);
      return errorResponse(401, "ERR_INVALID_API_TOKEN", "Invalid or missing API token");
    });
    renderWithProviders(<SendTestForm kind="media" />);
    const user = userEvent.setup();
    const media = screen.getByRole("form", { name: "Teste de envio de mídia" });
    await user.type(within(media).getByRole("textbox", { name: /^Token/ }), "wrong");
    await user.type(within(media).getByRole("textbox", { name: /^Número/ }), "5511999998888");
    await user.upload(within(media).getByLabelText("Arquivos"), new File([new Uint8Array([137, 80, 78, 71])], "nota.png", { type: "image/png" }));
    await user.click(within(media).getByRole("button", { name: "Enviar" }));
    expect(await within(media).findByText("A API recusou o envio (HTTP 401)")).toBeInTheDocument();
    const body = calls[0]!.body;
    expect(body).toBeInstanceOf(FormData);
    if (!(body instanceof FormData)) return;
    expect(body.get("number")).toBe("5511999998888");
    expect(body.getAll("medias").map((file) => (file instanceof File ? file.name : file))).toEqual(["nota.png"]);
    expect(within(media).getByLabelText("Resposta da API")).toHaveTextContent("ERR_INVALID_API_TOKEN");
  });

  it("takes the token picked on the page, and a newer pick replaces it", async () => {
    mockFetch(() => undefined);
    function Harness() {
      const [token, setToken] = useState("picked-1");
      return (
        <>
          <button type="button" onClick={() => setToken("picked-2")}>
            pick another
          </button>
          <SendTestForm kind="text" initialToken={token} />
        </>
      );
    }
    renderWithProviders(<Harness />);
    const form = screen.getByRole("form", { name: "Teste de envio de texto" });
    expect(within(form).getByRole("textbox", { name: /^Token/ })).toHaveValue("picked-1");
    await userEvent.setup().click(screen.getByRole("button", { name: "pick another" }));
    expect(within(form).getByRole("textbox", { name: /^Token/ })).toHaveValue("picked-2");
  });
});

import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../../lib/date.ts";
import { message } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import { MessageText } from "./message-text.tsx";

const noop = () => undefined;
const SLOW = { timeout: 20_000 };

describe("MessageText", () => {
  it("shows an HTML-looking body literally and creates no element from it", () => {
    const { container } = render(<MessageText text="<img src=x onerror=alert(1)>" />);
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
    expect(container.querySelector("img")).toBeNull();
  });

  it("formats bold, italic and strike as elements", () => {
    const { container } = render(<MessageText text={"*Ana*:\n_olá_ ~tchau~"} />);
    expect(container.querySelector("strong")?.textContent).toBe("Ana");
    expect(container.querySelector("em")?.textContent).toBe("olá");
    expect(container.querySelector("s")?.textContent).toBe("tchau");
  });
});

describe("MessageBubble", () => {
  it("shows an HTML-looking message body literally", async () => {
    renderWithApp(
      <MessageBubble
        message={message({ body: '<img src=x onerror=alert(1)><script>alert("x")</script>' })}
        isGroup={false}
        canDelete={false}
        retrying={false}
        onReply={noop}
        onDelete={noop}
        onRetry={noop}
      />,
    );
    expect(await screen.findByText('<img src=x onerror=alert(1)><script>alert("x")</script>', undefined, SLOW)).toBeInTheDocument();
    expect(document.querySelector("article img, article script")).toBeNull();
  });

  it("shows a failed send in red with a Retry action", async () => {
    renderWithApp(
      <MessageBubble message={message({ fromMe: true, sendStatus: "failed" })} isGroup={false} canDelete retrying={false} onReply={noop} onDelete={noop} onRetry={noop} />,
    );
    const button = await screen.findByText("Reenviar", { selector: "button" }, SLOW);
    expect(button).toHaveClass("MuiButton-colorError");
    expect(screen.getByText("Falha no envio", { selector: "span" })).toBeInTheDocument();
  });

  it("shows a send being retried with the reason, the time it gives up and a Cancel action", async () => {
    const cancelled: number[] = [];
    renderWithApp(
      <MessageBubble
        message={message({ id: 9, fromMe: true, sendStatus: "pending", sendError: "a rede recusou o envio", sendRetryUntil: "2025-03-10T12:10:00.000Z" })}
        isGroup={false}
        canDelete
        retrying={false}
        onReply={noop}
        onDelete={(m) => cancelled.push(m.id)}
        onRetry={noop}
      />,
    );
    const status = await screen.findByRole("status", undefined, SLOW);
    expect(status).toHaveTextContent(`Ainda não enviada: tentando de novo até ${formatDate("2025-03-10T12:10:00.000Z", "HH:mm")}`);
    expect(status).toHaveTextContent("Motivo: a rede recusou o envio");
    within(status).getByRole("button", { name: "Cancelar envio" }).click();
    expect(cancelled).toEqual([9]);
  });

  it("shows a failed send's reason with Resend and Cancel", async () => {
    renderWithApp(
      <MessageBubble message={message({ fromMe: true, sendStatus: "failed", sendError: "a rede recusou o envio" })} isGroup={false} canDelete retrying={false} onReply={noop} onDelete={noop} onRetry={noop} />,
    );
    expect(await screen.findByText("Motivo: a rede recusou o envio", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reenviar" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancelar envio" })).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("shows the sender of a group message and the quoted message", async () => {
    renderWithApp(
      <MessageBubble
        message={message({ participant: "5511977776666", quotedMsg: { id: 3, body: "Pedido 42", fromMe: true, mediaType: "chat", mediaUrl: null, isDeleted: false, contact: null } })}
        isGroup
        canDelete={false}
        retrying={false}
        onReply={noop}
        onDelete={noop}
        onRetry={noop}
      />,
    );
    expect(await screen.findByText("+55 11 97777-6666", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId("quoted-message")).toHaveTextContent("VocêPedido 42");
  });

  it("shows the name a group participant gave WhatsApp above their message, with their number", async () => {
    const bubble = (overrides: Parameters<typeof message>[0], isGroup = true) => (
      <MessageBubble message={message(overrides)} isGroup={isGroup} canDelete={false} retrying={false} onReply={noop} onDelete={noop} onRetry={noop} />
    );
    const named = renderWithApp(bubble({ participant: "5511977776666", participantName: "Ana Souza" }));
    const sender = await screen.findByTestId("group-sender", undefined, SLOW);
    expect(within(sender).getByText("Ana Souza")).toBeInTheDocument();
    expect(sender).toHaveTextContent("Ana Souza+55 11 97777-6666");
    named.unmount();
    renderWithApp(bubble({ participant: "5511977776666", participantName: "Ana Souza", fromMe: true }));
    expect(await screen.findByText("Olá", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByTestId("group-sender")).toBeNull();
  });
});

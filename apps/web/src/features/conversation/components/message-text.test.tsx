import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { message } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import { MessageText } from "./message-text.tsx";

const noop = () => undefined;
const SLOW = { timeout: 4000 };

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

describe("MessageBubble", { timeout: 20_000 }, () => {
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
    expect(await screen.findByText("5511977776666", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByTestId("quoted-message")).toHaveTextContent("VocêPedido 42");
  });
});

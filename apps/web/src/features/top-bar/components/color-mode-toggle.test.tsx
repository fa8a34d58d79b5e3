import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ColorModeProvider } from "../../../lib/color-mode.tsx";
import { ColorModeToggle } from "./color-mode-toggle.tsx";

describe("ColorModeToggle", () => {
  it("switches modes and saves each choice under preferredTheme", async () => {
    const user = userEvent.setup();
    localStorage.setItem("preferredTheme", "light");
    render(
      <ColorModeProvider>
        <ColorModeToggle />
      </ColorModeProvider>,
    );

    await user.click(screen.getByRole("button", { name: "Usar o modo escuro" }));
    expect(localStorage.getItem("preferredTheme")).toBe("dark");

    await user.click(screen.getByRole("button", { name: "Usar o modo claro" }));
    expect(localStorage.getItem("preferredTheme")).toBe("light");
  });

  it("starts in the stored mode after a reload", () => {
    localStorage.setItem("preferredTheme", "dark");
    render(
      <ColorModeProvider>
        <ColorModeToggle />
      </ColorModeProvider>,
    );
    expect(screen.getByRole("button", { name: "Usar o modo claro" })).toBeInTheDocument();
  });
});

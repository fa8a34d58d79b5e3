import { describe, expect, it, vi } from "vitest";
import { createAppTheme, readInitialColorMode, saveColorMode } from "./theme.ts";

function osPrefersDark(dark: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: dark && query === "(prefers-color-scheme: dark)", media: query })),
  );
}

describe("readInitialColorMode", () => {
  it("uses the stored preferredTheme first", () => {
    osPrefersDark(true);
    localStorage.setItem("preferredTheme", "light");
    expect(readInitialColorMode()).toBe("light");

    osPrefersDark(false);
    localStorage.setItem("preferredTheme", "dark");
    expect(readInitialColorMode()).toBe("dark");
  });

  it("follows the operating system when nothing valid is stored", () => {
    osPrefersDark(true);
    expect(readInitialColorMode()).toBe("dark");

    localStorage.setItem("preferredTheme", "purple");
    expect(readInitialColorMode()).toBe("dark");

    osPrefersDark(false);
    expect(readInitialColorMode()).toBe("light");
  });

  it("reads back what saveColorMode stored", () => {
    osPrefersDark(false);
    saveColorMode("dark");
    expect(localStorage.getItem("preferredTheme")).toBe("dark");
    expect(readInitialColorMode()).toBe("dark");
  });
});

describe("createAppTheme", () => {
  it("uses the green accent in light mode and white in dark mode", () => {
    expect(createAppTheme("light", "pt-BR").palette.primary.main).toBe("#2DDD7F");
    expect(createAppTheme("dark", "pt-BR").palette.primary.main).toBe("#ffffff");
  });

  it("uses the light and dark surfaces of the brand", () => {
    expect(createAppTheme("light", "en").palette.background).toMatchObject({ default: "#fafafa", paper: "#ffffff" });
    expect(createAppTheme("dark", "en").palette.background).toMatchObject({ default: "#1C1C1C", paper: "#333333" });
  });

  it("applies the Portuguese component texts for pt-BR", () => {
    const pagination = createAppTheme("light", "pt-BR").components?.MuiTablePagination?.defaultProps;
    expect(pagination?.labelRowsPerPage).toBe("Linhas por página:");
  });

  it("keeps still when the system asks for less motion: no transition time, no ripple, animations cut", () => {
    const moving = createAppTheme("light", "pt-BR");
    expect(moving.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(moving.transitions.create("opacity")).not.toBe("none");
    const still = createAppTheme("dark", "pt-BR", true);
    expect(still.transitions.create("opacity")).toBe("none");
    expect(Object.values(still.transitions.duration)).toEqual(Array(7).fill(0));
    expect(still.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(JSON.stringify(still.components?.MuiCssBaseline?.styleOverrides)).toContain("animationIterationCount");
    expect(still.palette.primary.main).toBe("#ffffff");
  });
});

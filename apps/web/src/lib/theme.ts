import { createTheme, type Theme } from "@mui/material/styles";
import { enUS, esES, ptBR } from "@mui/material/locale";
import type { Language } from "./i18n.ts";
import { STORAGE_KEYS } from "./storage.ts";

export type ColorMode = "light" | "dark";

/** Colours of spec administration §9. */
export const BRAND = {
  green: "#2DDD7F",
  greenDark: "#1FB866",
  light: { default: "#fafafa", paper: "#ffffff", subtle: "#eeeeee", soft: "#F3F3F3" },
  dark: { default: "#1C1C1C", paper: "#333333", subtle: "#222222", bar: "#666666", soft: "#333333" },
} as const;

const COMPONENT_LOCALES = { "pt-BR": ptBR, en: enUS, es: esES } as const;

function isColorMode(value: unknown): value is ColorMode {
  return value === "light" || value === "dark";
}

/** The stored preferredTheme, else dark when the OS prefers dark, else light. */
export function readInitialColorMode(): ColorMode {
  const stored = localStorage.getItem(STORAGE_KEYS.preferredTheme);
  if (isColorMode(stored)) return stored;
  const prefersDark = typeof window.matchMedia === "function" && window.matchMedia("(prefers-color-scheme: dark)").matches;
  return prefersDark ? "dark" : "light";
}

export function saveColorMode(mode: ColorMode): void {
  localStorage.setItem(STORAGE_KEYS.preferredTheme, mode);
}

/** Every MUI duration at zero: dialogs, menus, drawers and toasts appear and leave at once. */
const NO_DURATIONS = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };

/**
 * The MUI theme of a colour mode, with the component texts of the interface language. With `reducedMotion`
 * (the system asks for less motion) nothing slides, fades, ripples or spins: transitions take no time and
 * animations stop after their first frame.
 */
export function createAppTheme(mode: ColorMode, language: Language, reducedMotion = false): Theme {
  const isLight = mode === "light";
  const surfaces = isLight ? BRAND.light : BRAND.dark;
  const stillness = reducedMotion
    ? {
        transitions: { create: () => "none", duration: NO_DURATIONS },
        baseline: { "*, *::before, *::after": { animationDuration: "0.01ms !important", animationIterationCount: "1 !important", scrollBehavior: "auto !important" } },
        buttonBase: { defaultProps: { disableRipple: true } },
      }
    : undefined;
  return createTheme(
    {
      ...(stillness ? { transitions: stillness.transitions } : {}),
      palette: {
        mode,
        primary: isLight
          ? { main: BRAND.green, dark: BRAND.greenDark, contrastText: "#ffffff" }
          : { main: "#ffffff", contrastText: "#1C1C1C" },
        secondary: { main: isLight ? "#333333" : BRAND.green },
        background: { default: surfaces.default, paper: surfaces.paper },
      },
      shape: { borderRadius: 8 },
      components: {
        MuiCssBaseline: {
          styleOverrides: {
            "*::-webkit-scrollbar": { width: 8, height: 8 },
            "*::-webkit-scrollbar-thumb": { backgroundColor: BRAND.green, borderRadius: 8 },
            "*::-webkit-scrollbar-track": { backgroundColor: surfaces.soft },
            "@supports not selector(::-webkit-scrollbar)": {
              "*": { scrollbarWidth: "thin", scrollbarColor: `${BRAND.green} ${surfaces.soft}` },
            },
            ...stillness?.baseline,
          },
        },
        ...(stillness ? { MuiButtonBase: stillness.buttonBase } : {}),
        MuiAppBar: {
          styleOverrides: {
            root: {
              background: isLight ? `linear-gradient(to right, ${BRAND.green}, ${BRAND.greenDark})` : BRAND.dark.bar,
              color: "#ffffff",
            },
          },
        },
        MuiDrawer: {
          styleOverrides: {
            paper: { backgroundColor: isLight ? BRAND.light.paper : BRAND.dark.subtle },
          },
        },
      },
    },
    COMPONENT_LOCALES[language],
  );
}

import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isLanguage, DEFAULT_LANGUAGE } from "./i18n.ts";
import { type ColorMode, createAppTheme, readInitialColorMode, saveColorMode } from "./theme.ts";
import { useReducedMotion } from "./use-reduced-motion.ts";

interface ColorModeValue {
  mode: ColorMode;
  toggleColorMode: () => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

/** Wraps the app in the light or dark theme (still when the system asks for less motion) and keeps the choice under preferredTheme. */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [mode, setMode] = useState<ColorMode>(readInitialColorMode);
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => createAppTheme(mode, language, reducedMotion), [mode, language, reducedMotion]);

  const toggleColorMode = useCallback(() => {
    const next = mode === "light" ? "dark" : "light";
    saveColorMode(next);
    setMode(next);
  }, [mode]);

  const value = useMemo(() => ({ mode, toggleColorMode }), [mode, toggleColorMode]);

  return (
    <ColorModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}

/** The current colour mode and its toggle. */
export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorMode must be used inside ColorModeProvider");
  return value;
}

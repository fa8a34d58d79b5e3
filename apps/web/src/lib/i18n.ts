import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./locales/en.ts";
import { es } from "./locales/es.ts";
import { pt } from "./locales/pt.ts";
import { STORAGE_KEYS } from "./storage.ts";

export const LANGUAGES = ["pt-BR", "en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && LANGUAGES.some((language) => language === value);
}

/** The language kept under `i18nextLng`, or Portuguese (the default). */
export function readStoredLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** The active language, narrowed to the ones the app ships. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

function rememberLanguage(language: string): void {
  if (!isLanguage(language)) return;
  localStorage.setItem(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  resources: {
    "pt-BR": { translation: pt },
    en: { translation: en },
    es: { translation: es },
  },
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  interpolation: { escapeValue: false },
  initAsync: false,
});
i18n.on("languageChanged", rememberLanguage);
document.documentElement.lang = currentLanguage();

export { i18n };

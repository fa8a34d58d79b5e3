/** The languages the server writes mail in: those of the web app (pt-BR, en, es). */
export const MAIL_LANGUAGES = ["pt", "en", "es"] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

function isMailLanguage(value: string): value is MailLanguage {
  return MAIL_LANGUAGES.some((language) => language === value);
}

/**
 * The mail language of a request's Accept-Language (the web app sends its interface language): the
 * first of pt, en, es by preference (q), by primary subtag (pt-BR is pt); Portuguese, the product's
 * default, when none is named.
 */
export function mailLanguageOf(acceptLanguage: string | undefined): MailLanguage {
  if (!acceptLanguage) return "pt";
  const ranked = acceptLanguage
    .slice(0, 500)
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => Number.isFinite(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isMailLanguage) ?? "pt";
}

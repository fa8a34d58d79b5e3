import type { MailLanguage } from "../../mail/language.ts";
import { escapeHtml, mailLine } from "../../mail/mail-text.ts";
import type { MailMessage } from "../../mail/mailer.ts";

export type AccountCodePurpose = "reset" | "invite";

export interface AccountCodeMailInput {
  purpose: AccountCodePurpose;
  language: MailLanguage;
  name: string;
  email: string;
  code: string;
  /** The password reset page with the e-mail filled in, when the server knows its public address. */
  link: string | undefined;
}

interface Texts {
  subject: Record<AccountCodePurpose, string>;
  greeting: (name: string) => string;
  intro: Record<AccountCodePurpose, (email: string) => string>;
  validity: Record<AccountCodePurpose, string>;
  /** Where to use the code: with the link (on the next line), or without one. */
  where: (hasLink: boolean) => string;
  outro: Record<AccountCodePurpose, string>;
  signature: string;
}

const TEXTS: Record<MailLanguage, Texts> = {
  pt: {
    subject: { reset: "Código para redefinir sua senha", invite: "Sua conta no Conversa foi criada" },
    greeting: (name) => `Olá, ${name}!`,
    intro: {
      reset: () => "Recebemos um pedido para redefinir a senha da sua conta no Conversa. Use este código:",
      invite: (email) => `A conta da sua empresa no Conversa foi criada, com o seu acesso pelo e-mail ${email}. Para definir sua senha, use este código:`,
    },
    validity: { reset: "O código vale por 30 minutos e pode ser usado uma única vez.", invite: "O código vale por 72 horas e pode ser usado uma única vez." },
    where: (hasLink) =>
      hasLink
        ? "Abra a página abaixo, informe o código e escolha sua nova senha:"
        : "Na tela de login do Conversa, clique em “Esqueceu sua senha?” (/forgetpsw), informe seu e-mail e o código e escolha sua nova senha.",
    outro: { reset: "Se você não fez este pedido, ignore esta mensagem: sua senha continua a mesma.", invite: "Depois disso, entre com seu e-mail e a senha escolhida." },
    signature: "Equipe Conversa",
  },
  en: {
    subject: { reset: "Code to reset your password", invite: "Your Conversa account was created" },
    greeting: (name) => `Hello, ${name}!`,
    intro: {
      reset: () => "We received a request to reset the password of your Conversa account. Use this code:",
      invite: (email) => `Your company's Conversa account was created, with your access through the e-mail ${email}. To set your password, use this code:`,
    },
    validity: { reset: "The code is valid for 30 minutes and can be used only once.", invite: "The code is valid for 72 hours and can be used only once." },
    where: (hasLink) =>
      hasLink
        ? "Open the page below, enter the code and choose your new password:"
        : "On the Conversa login page, click “Forgot your password?” (/forgetpsw), enter your e-mail and the code and choose your new password.",
    outro: { reset: "If you did not ask for this, ignore this message: your password stays the same.", invite: "Then log in with your e-mail and the password you chose." },
    signature: "The Conversa team",
  },
  es: {
    subject: { reset: "Código para restablecer tu contraseña", invite: "Tu cuenta de Conversa fue creada" },
    greeting: (name) => `¡Hola, ${name}!`,
    intro: {
      reset: () => "Recibimos una solicitud para restablecer la contraseña de tu cuenta de Conversa. Usa este código:",
      invite: (email) => `La cuenta de tu empresa en Conversa fue creada, con tu acceso por el correo ${email}. Para definir tu contraseña, usa este código:`,
    },
    validity: { reset: "El código es válido por 30 minutos y se puede usar una sola vez.", invite: "El código es válido por 72 horas y se puede usar una sola vez." },
    where: (hasLink) =>
      hasLink
        ? "Abre la página de abajo, ingresa el código y elige tu nueva contraseña:"
        : "En la pantalla de inicio de sesión de Conversa, haz clic en “¿Olvidaste tu contraseña?” (/forgetpsw), ingresa tu correo y el código y elige tu nueva contraseña.",
    outro: { reset: "Si no hiciste esta solicitud, ignora este mensaje: tu contraseña sigue siendo la misma.", invite: "Después, inicia sesión con tu correo y la contraseña elegida." },
    signature: "Equipo Conversa",
  },
};

/**
 * The message that carries a code: the same words as plain text and as simple HTML, in the user's language.
 * The name and the e-mail are set as single plain lines (mailLine), escaped in the HTML.
 */
export function composeAccountCodeMail(input: AccountCodeMailInput): Omit<MailMessage, "to"> {
  const texts = TEXTS[input.language];
  const { purpose } = input;
  const paragraphs = {
    greeting: texts.greeting(mailLine(input.name)),
    intro: texts.intro[purpose](mailLine(input.email, 255)),
    validity: texts.validity[purpose],
    where: texts.where(input.link !== undefined),
    outro: texts.outro[purpose],
  };
  // The link alone on its line: nothing a mail client could take as part of it.
  const where = input.link ? `${paragraphs.where}\n${input.link}` : paragraphs.where;
  const text = [paragraphs.greeting, paragraphs.intro, `    ${input.code}`, paragraphs.validity, where, paragraphs.outro, texts.signature].join("\n\n");
  const whereHtml = input.link
    ? `${escapeHtml(paragraphs.where)}<br><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a>`
    : escapeHtml(paragraphs.where);
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">`,
    `<p>${escapeHtml(paragraphs.greeting)}</p>`,
    `<p>${escapeHtml(paragraphs.intro)}</p>`,
    `<p style="font-family:monospace;font-size:26px;font-weight:bold;letter-spacing:4px">${escapeHtml(input.code)}</p>`,
    `<p>${escapeHtml(paragraphs.validity)}</p>`,
    `<p>${whereHtml}</p>`,
    `<p>${escapeHtml(paragraphs.outro)}</p>`,
    `<p>${escapeHtml(texts.signature)}</p>`,
    "</body></html>",
  ].join("\n");
  return { subject: texts.subject[purpose], text, html };
}

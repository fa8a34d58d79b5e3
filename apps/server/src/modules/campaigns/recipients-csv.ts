import type { CampaignRecipient, CampaignRecipientStatus } from "@conversa/shared";
import type { MailLanguage } from "../../mail/language.ts";

/** The words of the recipients export in one language: its header, its status words and its yes/no. */
interface RecipientsCsvWords {
  header: readonly [number: string, name: string, slot: string, status: string, failureReason: string, at: string, replied: string];
  status: Record<CampaignRecipientStatus, string>;
  yes: string;
  no: string;
}

/** The export's words in the languages of the web app, as its recipients table says them. */
const WORDS: Record<MailLanguage, RecipientsCsvWords> = {
  pt: {
    header: ["Número", "Nome", "Mensagem", "Status", "Motivo da falha", "Horário", "Respondeu"],
    status: { pending: "Pendente", sent: "Enviada", delivered: "Entregue", read: "Lida", failed: "Falhou", opted_out: "Descadastrado", confirmed: "Confirmou" },
    yes: "Sim",
    no: "Não",
  },
  en: {
    header: ["Number", "Name", "Message", "Status", "Failure reason", "Time", "Replied"],
    status: { pending: "Pending", sent: "Sent", delivered: "Delivered", read: "Read", failed: "Failed", opted_out: "Opted out", confirmed: "Confirmed" },
    yes: "Yes",
    no: "No",
  },
  es: {
    header: ["Número", "Nombre", "Mensaje", "Estado", "Motivo del fallo", "Hora", "Respondió"],
    status: { pending: "Pendiente", sent: "Enviado", delivered: "Entregado", read: "Leído", failed: "Falló", opted_out: "Dado de baja", confirmed: "Confirmó" },
    yes: "Sí",
    no: "No",
  },
};

/** The export's header row in the requester's language. */
export function recipientsCsvHeader(language: MailLanguage): readonly string[] {
  return WORDS[language].header;
}

/** One recipient as the export's cells, its status and replied flag in the requester's language. */
export function recipientCsvCells(row: CampaignRecipient, language: MailLanguage): string[] {
  const words = WORDS[language];
  return [row.number, row.name, row.slot === null ? "" : String(row.slot), words.status[row.status], row.failureReason ?? "", row.at ?? "", row.replied ? words.yes : words.no];
}

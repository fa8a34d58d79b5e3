import type { AuditLog } from "@conversa/shared";
import type { MailLanguage } from "../../mail/language.ts";
import { CSV_BOM, csvLine } from "../contacts/index.ts";

const HEADERS: Record<MailLanguage, readonly string[]> = {
  pt: ["Data", "Empresa", "Autor", "Tipo de autor", "Ação", "Alvo", "Id do alvo", "Endereço", "Alterações"],
  en: ["Date", "Company", "Actor", "Actor kind", "Action", "Target", "Target id", "Address", "Changes"],
  es: ["Fecha", "Empresa", "Autor", "Tipo de autor", "Acción", "Objetivo", "Id del objetivo", "Dirección", "Cambios"],
};

const ACTOR_KINDS: Record<MailLanguage, Record<AuditLog["actorKind"], string>> = {
  pt: { user: "usuário", provider: "provedor", system: "sistema" },
  en: { user: "user", provider: "provider", system: "system" },
  es: { user: "usuario", provider: "proveedor", system: "sistema" },
};

const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** One entry's changes as `field: before → after`, one field a line. */
function changesText(changes: AuditLog["changes"]): string {
  return Object.entries(changes)
    .map(([field, change]) => `${field}: ${text(change.before)} → ${text(change.after)}`)
    .join("\n");
}

/** The CSV of an audit log export, in the requester's language; the company column only for super users. */
export async function* auditLogCsv(first: IteratorResult<AuditLog[]>, rest: AsyncIterable<AuditLog[]>, language: MailLanguage, withCompany: boolean): AsyncGenerator<string> {
  const pick = (cells: readonly string[]) => (withCompany ? cells : cells.filter((_, index) => index !== 1));
  yield CSV_BOM + csvLine(pick(HEADERS[language]));
  const lines = (batch: AuditLog[]) =>
    batch
      .map((entry) =>
        csvLine(
          pick([
            entry.createdAt,
            entry.companyName ?? "",
            entry.userName ?? "",
            ACTOR_KINDS[language][entry.actorKind],
            entry.action,
            entry.targetType ?? "",
            entry.targetId ?? "",
            entry.ip ?? "",
            changesText(entry.changes),
          ]),
        ),
      )
      .join("");
  if (first.done) return;
  yield lines(first.value);
  for await (const batch of rest) yield lines(batch);
}

import { COMPANY_PHONE, type Company, LIMITS, type Recurrence, RECURRENCES, type UpdateCompanyBody } from "@conversa/shared";
import { format, isValid, parse } from "date-fns";
import type { TFunction } from "i18next";
import { z } from "zod";
import { toDate } from "../../../lib/date.ts";

/** What the Empresas form edits: the plan as the select's value, the due date as a datetime-local value (local time). */
export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  campaignsEnabled: boolean;
  /** `yyyy-MM-ddTHH:mm` in the browser's time, or "" for none. */
  dueDate: string;
  recurrence: Recurrence;
}

const LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";

/** The rules of the shared company body with the form's messages. */
export function buildCompanyFormSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(1, t("companies.validation.required")).min(LIMITS.nameMin, t("companies.validation.tooShort")).max(LIMITS.nameMax, t("companies.validation.tooLong")),
    email: z.string().trim().min(1, t("companies.validation.required")).email(t("companies.validation.email")).max(255, t("companies.validation.tooLong")),
    phone: z.string().trim().regex(COMPANY_PHONE, t("companies.validation.phone")),
    planId: z.string().min(1, t("companies.validation.plan")),
    status: z.boolean(),
    campaignsEnabled: z.boolean(),
    dueDate: z.string(),
    recurrence: z.enum(RECURRENCES),
  });
}

/** A new company's fields (active, campaigns on, monthly), or a stored one's. */
export function companyFormValues(company?: Company): CompanyFormValues {
  if (!company) return { name: "", email: "", phone: "", planId: "", status: true, campaignsEnabled: true, dueDate: "", recurrence: "MENSAL" };
  const dueDate = toDate(company.dueDate);
  return {
    name: company.name,
    email: company.email ?? "",
    phone: company.phone ?? "",
    planId: company.planId === null ? "" : String(company.planId),
    status: company.status,
    campaignsEnabled: company.campaignsEnabled,
    dueDate: dueDate ? format(dueDate, LOCAL_DATE_TIME) : "",
    recurrence: RECURRENCES.find((recurrence) => recurrence === company.recurrence) ?? "MENSAL",
  };
}

/** The datetime-local value as an instant; empty or invalid is null (spec admin §5). */
export function dueDateOf(value: string): string | null {
  if (!value.trim()) return null;
  const date = parse(value, LOCAL_DATE_TIME, new Date());
  return isValid(date) ? date.toISOString() : null;
}

/** The body sent to the API; `renew` moves the due date on by the recurrence (PUT only). */
export function toCompanyBody(values: CompanyFormValues, renew = false): UpdateCompanyBody {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    planId: Number(values.planId),
    status: values.status,
    campaignsEnabled: values.campaignsEnabled,
    dueDate: dueDateOf(values.dueDate),
    recurrence: values.recurrence,
    ...(renew ? { renew: true } : {}),
  };
}

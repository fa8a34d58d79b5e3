import type { FieldValues, Path, Resolver, UseFormGetValues, UseFormSetError } from "react-hook-form";
import { z } from "zod";
import { ApiError } from "./api-client.ts";
import { i18n } from "./i18n.ts";
import { toastError } from "./toast.ts";

/** One entry of a 400 ERR_VALIDATION's `details`: where the request was wrong and the rule it broke. */
const ZValidationIssue = z.object({ in: z.string().optional(), path: z.string(), message: z.string() });

/** A server refusal of one field, as a form shows it: the field's name in the form and a text in the user's language. */
export interface FieldRefusal {
  /** The form field, as react-hook-form names it: `/extraInfo/0/name` becomes `extraInfo.0.name`. */
  field: string;
  message: string;
}

/** Where a form's fields travel in its request (the `in` of the refusal's details). */
export type FieldSource = "body" | "querystring";

/** Puts a refusal on a field; false when the form has no such field (it is then said in the toast). */
export type FieldErrorSetter = (field: string, message: string) => boolean;

type ValidationTextKey = "required" | "tooShort" | "tooLong" | "invalidEmail" | "invalidUrl" | "invalid";

/** The messages the shared schemas give their rules (spec core §5), each with its text in the locales. */
const SHARED_RULE_MESSAGES = new Map<string, ValidationTextKey>([
  ["Required", "required"],
  ["Too Short!", "tooShort"],
  ["Too Long!", "tooLong"],
  ["Invalid email", "invalidEmail"],
]);

/** What a server's validation message says (the shared rules', zod's own, the server's checks), by its words. */
const SERVER_MESSAGE_RULES: readonly [RegExp, ValidationTextKey][] = [
  [/^required\b|expected \w+, received undefined/i, "required"],
  [/email/i, "invalidEmail"],
  [/\burl\b|address/i, "invalidUrl"],
  [/too short|too small|at least|>=/i, "tooShort"],
  [/too long|too big|at most|<=/i, "tooLong"],
];

/** The locale key of a server's validation message; "invalid" when it says nothing more precise. */
export function serverValidationKey(message: string): ValidationTextKey {
  return SHARED_RULE_MESSAGES.get(message) ?? SERVER_MESSAGE_RULES.find(([pattern]) => pattern.test(message))?.[1] ?? "invalid";
}

/**
 * A validation message in the user's language: the shared rules' English messages ("Required", "Too Short!",
 * "Too Long!", "Invalid email") become the locale's text; any other (a form's own rule, already translated)
 * is kept.
 */
export function validationText(message: string): string {
  const key = SHARED_RULE_MESSAGES.get(message);
  return key ? i18n.t(`formErrors.${key}`) : message;
}

/** A form resolver whose errors are in the user's language (see validationText): wraps the form's zodResolver. */
export function translatedResolver<Input extends FieldValues, Context, Output>(resolve: Resolver<Input, Context, Output>): Resolver<Input, Context, Output> {
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateMessages(result.errors);
    return result;
  };
}

function translateMessages(errors: unknown): void {
  if (typeof errors !== "object" || errors === null) return;
  for (const [key, value] of Object.entries(errors)) {
    if (key === "ref") continue;
    if (key === "message" && typeof value === "string") Reflect.set(errors, key, validationText(value));
    else translateMessages(value);
  }
}

/**
 * The field refusals of a 400 ERR_VALIDATION answer (none for any other failure), each in the user's language.
 * A form's fields travel in the body; a form that sends a read (a preview) names "querystring" as its source.
 */
export function fieldRefusals(error: unknown, source: FieldSource = "body"): FieldRefusal[] {
  if (!(error instanceof ApiError) || error.code !== "ERR_VALIDATION" || !Array.isArray(error.details)) return [];
  return error.details.flatMap((entry: unknown) => {
    const issue = ZValidationIssue.safeParse(entry);
    if (!issue.success || (issue.data.in ?? "body") !== source) return [];
    const field = issue.data.path.split("/").filter(Boolean).join(".");
    if (!field) return [];
    return [{ field, message: i18n.t(`formErrors.${serverValidationKey(issue.data.message)}`) }];
  });
}

/**
 * Shows a server refusal on a form, the one way every form of the app does it: each field of a 400
 * ERR_VALIDATION goes under that field (when the form has it), and the failure is said as the error
 * catalogue's toast (ERR_VALIDATION: "Verifique os dados informados."; a role refusal: "Você não tem
 * permissão…"; an unknown code: its raw text). Nothing a server refuses goes unsaid.
 */
export function showFormError(error: unknown, setFieldError: FieldErrorSetter, source: FieldSource = "body"): void {
  for (const refusal of fieldRefusals(error, source)) setFieldError(refusal.field, refusal.message);
  toastError(error);
}

/**
 * The FieldErrorSetter of a react-hook-form form: a field the form holds a value for gets the refusal as
 * its error (shown by the field's helper text like the form's own rules).
 */
export function hookFormFields<T extends FieldValues>(form: { getValues: UseFormGetValues<T>; setError: UseFormSetError<T> }): FieldErrorSetter {
  return (field, message) => {
    if (!hasPath(form.getValues(), field)) return false;
    // The path was checked against the form's own values just above.
    form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: true });
    return true;
  };
}

/** The FieldErrorSetter of a form kept in React state: `fields` are the names it shows errors for. */
export function stateFormFields(fields: readonly string[], setFieldError: (field: string, message: string) => void): FieldErrorSetter {
  return (field, message) => {
    const name = fields.find((candidate) => candidate === field || field.startsWith(`${candidate}.`));
    if (name === undefined) return false;
    setFieldError(name, message);
    return true;
  };
}

function hasPath(values: unknown, field: string): boolean {
  let current: unknown = values;
  for (const part of field.split(".")) {
    if (typeof current !== "object" || current === null || !(part in current)) return false;
    current = Reflect.get(current, part);
  }
  return true;
}

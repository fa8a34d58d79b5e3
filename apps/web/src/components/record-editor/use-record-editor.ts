import { TIMINGS } from "@conversa/shared";
import { type FormEvent, useEffect, useState } from "react";
import { hookFormFields, showFormError } from "../../lib/form-errors.ts";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { showToast } from "../../lib/toast.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RecordEditorOptions<T extends { id: number }, V extends FieldValues> {
  form: UseFormReturn<V>;
  /** The form's values for a record, or for a new one. */
  toFormValues: (record?: T) => DefaultValues<V>;
  /** Creates (`id` null) or changes a record; `intent` names another submit button than Salvar. Rejects when refused. */
  save: (id: number | null, values: V, intent?: string) => Promise<unknown>;
  /** Deletes a record. Rejects when refused. */
  remove: (id: number) => Promise<unknown>;
  /** How long a submit waits before it saves (spec admin §9: 400 ms; 500 ms for the plan and help forms). */
  submitDelayMs: number;
  /** The form's own text for a refused save (spec admin §8). */
  saveFailedText: string;
  /** The text for a refused delete; without it the API's error toast says why. */
  deleteFailedText?: string;
  /** The records could not be loaded: the spec's load failure toast is shown. */
  loadFailed: boolean;
}

/**
 * The select-to-edit behaviour of the super users' settings tabs (spec admin §2, §4): a row loaded into
 * the form is what Salvar changes, Limpar starts a new record, a submit waits the form's delay, a delete
 * asks first; the spec's success, save failure and load failure toasts.
 */
export function useRecordEditor<T extends { id: number }, V extends FieldValues>(options: RecordEditorOptions<T, V>) {
  const { t } = useTranslation();
  const { form, toFormValues, save, remove, submitDelayMs, saveFailedText, deleteFailedText, loadFailed } = options;
  const [selected, setSelected] = useState<T | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    if (loadFailed) showToast(t("list.loadError"), "error", TIMINGS.errorToastMs);
  }, [loadFailed, t]);

  const load = (record: T | null) => {
    setSelected(record);
    form.reset(toFormValues(record ?? undefined));
  };

  const run = async (values: V, intent?: string) => {
    await wait(submitDelayMs);
    try {
      await save(selected?.id ?? null, values, intent);
    } catch (error) {
      // The refused fields are marked and the catalogue says why; the form's own text says the save failed.
      showFormError(error, hookFormFields(form));
      showToast(saveFailedText, "error", TIMINGS.errorToastMs);
      return;
    }
    showToast(t("list.saved"), "success");
    load(null);
  };

  const confirmDelete = async () => {
    if (!selected) return;
    setDeleting(true);
    try {
      await remove(selected.id);
    } catch {
      // The record stays selected; the toast says the delete failed (and, from the API, why).
      if (deleteFailedText) showToast(deleteFailedText, "error", TIMINGS.errorToastMs);
      setConfirming(false);
      return;
    } finally {
      setDeleting(false);
    }
    setConfirming(false);
    showToast(t("list.deleted"), "success");
    load(null);
  };

  return {
    selected,
    load,
    /** The form's submit (Salvar). */
    submit: form.handleSubmit((values) => run(values)),
    /** Another submit button's handler: the same checks and delay, saved with `intent`. */
    submitAs: (intent: string) => (event?: FormEvent) => form.handleSubmit((values) => run(values, intent))(event),
    isSubmitting: form.formState.isSubmitting,
    confirming,
    deleting,
    askDelete: () => setConfirming(true),
    cancelDelete: () => setConfirming(false),
    confirmDelete: () => void confirmDelete(),
  };
}

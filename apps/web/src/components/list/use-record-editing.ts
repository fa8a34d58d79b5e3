import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../lib/toast.ts";

/** The delete call of a list page: a TanStack mutation taking the record's id. */
interface DeleteMutation {
  mutate: (id: number, options: { onSuccess: () => void; onSettled: () => void }) => void;
  isPending: boolean;
}

/**
 * What a list page's add/edit dialog and delete confirmation need: which record the dialog edits and
 * which one the confirmation is about. Both outlive the closing, so a dialog keeps its content while
 * it fades out. A confirmed delete shows the spec's toast and closes the confirmation either way.
 */
export function useRecordEditing<T extends { id: number }>(deletion: DeleteMutation) {
  const { t } = useTranslation();
  const [editor, setEditor] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  return {
    editor,
    add: () => setEditor({ open: true, id: null }),
    edit: (record: T) => setEditor({ open: true, id: record.id }),
    closeEditor: () => setEditor((current) => ({ ...current, open: false })),
    toDelete,
    isConfirming,
    isDeleting: deletion.isPending,
    askDelete: (record: T) => {
      setToDelete(record);
      setIsConfirming(true);
    },
    confirmDelete: () => {
      if (!toDelete) return;
      deletion.mutate(toDelete.id, {
        onSuccess: () => showToast(t("list.deleted"), "success"),
        onSettled: () => setIsConfirming(false),
      });
    },
    cancelDelete: () => setIsConfirming(false),
  };
}

import { type Actor, type User, can } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useDeleteUser } from "../api/delete-user.ts";
import { useUsers } from "../api/list-users.ts";
import { useResetUserTwoFactor } from "../api/reset-two-factor.ts";
import { showToast } from "../../../lib/toast.ts";
import { useUsersLiveUpdates } from "../hooks/use-users-live-updates.ts";
import { UserDialog } from "./user-dialog.tsx";
import { UsersTable } from "./users-table.tsx";

interface UsersPanelProps {
  actor: Actor;
  /** The signed-in user (they cannot delete themselves). */
  currentUserId: number;
  /** After a save, with the saved user (the page refreshes the session when it is the signed-in one). */
  onSaved?: (user: User) => void;
}

/** The Users page (spec core §2): searchable, endless, live list; add, edit and delete for admins. */
export function UsersPanel(props: UsersPanelProps) {
  const { t } = useTranslation();
  if (!can(props.actor, "users-page:manage")) {
    return (
      <PageContainer title={t("menu.users")}>
        <Alert severity="warning">{t("errors.ERR_NO_PERMISSION")}</Alert>
      </PageContainer>
    );
  }
  return <ManageUsers {...props} />;
}

function ManageUsers({ actor, currentUserId, onSaved }: UsersPanelProps) {
  const { t } = useTranslation();
  const search = useListSearch();
  const users = useUsers(search.searchParam);
  const deletion = useDeleteUser();
  useUsersLiveUpdates();
  const editing = useRecordEditing<User>(deletion);
  const reset = useResetUserTwoFactor();
  const [toReset, setToReset] = useState<User | null>(null);

  return (
    <PageContainer title={t("menu.users")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("users.add")} />
      <InfiniteListArea hasMore={users.hasMore} isFetchingMore={users.isFetchingMore} onLoadMore={users.loadMore} label={t("menu.users")}>
        <UsersTable
          users={users.records}
          currentUserId={currentUserId}
          canChangeSuperUsers={actor.isSuper}
          isLoading={users.isLoading}
          isError={users.isError}
          onRetry={users.refetch}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
          onResetTwoFactor={setToReset}
        />
      </InfiniteListArea>
      <UserDialog
        open={editing.editor.open}
        userId={editing.editor.id}
        actor={actor}
        currentUserId={currentUserId}
        onClose={editing.closeEditor}
        onSaved={onSaved}
      />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("users.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("users.confirmDelete.message")}
        confirmLabel={t("users.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
      <ConfirmationDialog
        open={toReset !== null}
        title={t("twoFactor.resetTitle", { name: toReset?.name ?? "" })}
        message={t("twoFactor.resetMessage")}
        confirmLabel={t("twoFactor.resetConfirm")}
        loading={reset.isPending}
        onConfirm={() => {
          if (toReset) reset.mutate(toReset.id, { onSuccess: () => showToast(t("twoFactor.resetDone"), "success"), onSettled: () => setToReset(null) });
        }}
        onClose={() => setToReset(null)}
      />
    </PageContainer>
  );
}

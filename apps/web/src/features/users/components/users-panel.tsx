import { type Actor, type User, can } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useDeleteUser } from "../api/delete-user.ts";
import { useUsers } from "../api/list-users.ts";
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
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; userId: number | null }>({ open: false, userId: null });
  // Kept after closing so the confirmation keeps its text while it fades out.
  const [toDelete, setToDelete] = useState<User | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmDelete = () => {
    if (!toDelete) return;
    deletion.mutate(toDelete.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });
  };

  return (
    <PageContainer title={t("menu.users")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={() => setEditor({ open: true, userId: null })} addLabel={t("users.add")} />
      <InfiniteListArea hasMore={users.hasMore} isFetchingMore={users.isFetchingMore} onLoadMore={users.loadMore} label={t("menu.users")}>
        <UsersTable
          users={users.records}
          currentUserId={currentUserId}
          isLoading={users.isLoading}
          isError={users.isError}
          onRetry={users.refetch}
          onEdit={(user) => setEditor({ open: true, userId: user.id })}
          onDelete={(user) => {
            setToDelete(user);
            setIsConfirming(true);
          }}
        />
      </InfiniteListArea>
      <UserDialog
        open={editor.open}
        userId={editor.userId}
        actor={actor}
        onClose={() => setEditor((current) => ({ ...current, open: false }))}
        onSaved={onSaved}
      />
      <ConfirmationDialog
        open={isConfirming}
        title={t("users.confirmDelete.title", { name: toDelete?.name ?? "" })}
        message={t("users.confirmDelete.message")}
        confirmLabel={t("users.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </PageContainer>
  );
}

import { type Actor, type Connection, can } from "@conversa/shared";
import Add from "@mui/icons-material/Add";
import SyncAlt from "@mui/icons-material/SyncAlt";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageContainer } from "../../../components/page-container.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { showToast } from "../../../lib/toast.ts";
import { type SessionCommand, useSessionCommand } from "../api/connection-session.ts";
import { useDeleteConnection } from "../api/delete-connection.ts";
import { useConnections } from "../api/list-connections.ts";
import { ConnectionDialog } from "./connection-dialog.tsx";
import { ConnectionsTable } from "./connections-table.tsx";
import { QrCodeDialog } from "./qr-code-dialog.tsx";

interface Confirmation {
  kind: "delete" | "disconnect";
  connection: Connection;
}

/**
 * The connections page (spec core §2): the list with live statuses, and for admins the add, edit,
 * delete and session actions, the connection dialog and the QR code view.
 */
export function ConnectionsPanel({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const connections = useConnections();
  const sessionCommand = useSessionCommand();
  const deletion = useDeleteConnection();
  // The edited id outlives the closing so the dialog keeps its content while it fades out.
  const [editor, setEditor] = useState<{ open: boolean; connectionId: number | null }>({ open: false, connectionId: null });
  const [qrConnectionId, setQrConnectionId] = useState<number | null>(null);
  // Kept after closing so the confirmation keeps its text while it fades out.
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const askConfirmation = (next: Confirmation) => {
    setConfirmation(next);
    setIsConfirming(true);
  };
  const closeConfirmation = () => setIsConfirming(false);

  const canAdd = can(actor, "connections-page:addConnection");
  const canUseSessionActions = can(actor, "connections-page:actionButtons");
  const canEdit = can(actor, "connections-page:editOrDeleteConnection");
  const busyId = sessionCommand.isPending ? (sessionCommand.variables?.id ?? null) : null;

  const runCommand = (connection: Connection, command: SessionCommand) => {
    sessionCommand.mutate({ id: connection.id, command });
  };

  const confirm = () => {
    if (!confirmation) return;
    const { kind, connection } = confirmation;
    if (kind === "disconnect") {
      runCommand(connection, "disconnect");
      closeConfirmation();
      return;
    }
    deletion.mutate(connection.id, {
      onSuccess: () => showToast(t("connections.toasts.deleted"), "success"),
      onSettled: closeConfirmation,
    });
  };

  const addButton = canAdd ? (
    <Button variant="contained" startIcon={<Add />} onClick={() => setEditor({ open: true, connectionId: null })}>
      {t("connections.add")}
    </Button>
  ) : null;

  const renderContent = () => {
    if (connections.isPending) return <PageLoader />;
    if (connections.isError) return <Alert severity="error">{t("connections.loadFailed")}</Alert>;
    if (connections.data.length === 0) {
      return <EmptyState icon={<SyncAlt />} message={t("connections.empty")} hint={canAdd ? t("connections.emptyHint") : undefined} />;
    }
    return (
      <ConnectionsTable
        connections={connections.data}
        canUseSessionActions={canUseSessionActions}
        canEdit={canEdit}
        busyId={busyId}
        onShowQr={(connection) => setQrConnectionId(connection.id)}
        onSessionCommand={runCommand}
        onDisconnect={(connection) => askConfirmation({ kind: "disconnect", connection })}
        onEdit={(connection) => setEditor({ open: true, connectionId: connection.id })}
        onDelete={(connection) => askConfirmation({ kind: "delete", connection })}
      />
    );
  };

  const confirmationTexts = confirmation?.kind === "delete" ? "confirmDelete" : "confirmDisconnect";

  return (
    <PageContainer title={t("menu.connections")} actions={addButton}>
      {renderContent()}
      <ConnectionDialog open={editor.open} connectionId={editor.connectionId} onClose={() => setEditor((current) => ({ ...current, open: false }))} />
      <QrCodeDialog connectionId={qrConnectionId} onClose={() => setQrConnectionId(null)} />
      <ConfirmationDialog
        open={isConfirming}
        title={t(`connections.${confirmationTexts}.title`, { name: confirmation?.connection.name ?? "" })}
        message={t(`connections.${confirmationTexts}.message`)}
        confirmLabel={t(`connections.${confirmationTexts}.confirm`)}
        loading={deletion.isPending}
        onConfirm={confirm}
        onClose={closeConfirmation}
      />
    </PageContainer>
  );
}

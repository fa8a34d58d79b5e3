import type { Campaign } from "@conversa/shared";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { InfiniteListArea, ListToolbar, useListSearch, useRecordEditing } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { showToast, toastError } from "../../../lib/toast.ts";
import { useChangeCampaignState } from "../api/campaign-actions.ts";
import { useCampaignRecords } from "../api/list-campaigns.ts";
import { useDeleteCampaign } from "../api/save-campaign.ts";
import { useCampaignsLiveUpdates } from "../hooks/use-campaigns-live-updates.ts";
import type { CampaignAction } from "../utils/campaign-status.ts";
import { CampaignDialog } from "./campaign-dialog.tsx";
import { CampaignTestSendDialog } from "./campaign-test-send-dialog.tsx";
import { CampaignsTable } from "./campaigns-table.tsx";

/**
 * /campaigns (spec admin §2): the company's campaigns, searchable, endless and live (every dispatch step
 * announces the campaign); add, edit, delete, stop, restart, pause, resume, a test send and the report.
 */
export function CampaignsPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useListSearch();
  const list = useCampaignRecords(search.searchParam);
  const deletion = useDeleteCampaign();
  const stateChange = useChangeCampaignState();
  const editing = useRecordEditing<Campaign>(deletion);
  const [testing, setTesting] = useState<Campaign | null>(null);
  useCampaignsLiveUpdates();

  const runAction = (campaign: Campaign, action: CampaignAction) =>
    stateChange.mutate(
      { id: campaign.id, action },
      {
        onSuccess: () => showToast(t(`campaigns.actionDone.${action}`), "success"),
        // Spec admin §8: the error message of a failed cancel or restart is shown as a toast.
        onError: toastError,
      },
    );

  return (
    <PageContainer title={t("menu.campaigns")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("campaigns.add")} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("menu.campaigns")}>
        <CampaignsTable
          campaigns={list.records}
          isLoading={list.isLoading}
          isError={list.isError}
          onRetry={list.refetch}
          onAction={runAction}
          onTestSend={setTesting}
          onReport={(campaign) => void navigate(`/campaign/${campaign.id}/report`)}
          onEdit={editing.edit}
          onDelete={editing.askDelete}
        />
      </InfiniteListArea>
      <CampaignDialog open={editing.editor.open} campaignId={editing.editor.id} onClose={editing.closeEditor} />
      <CampaignTestSendDialog campaign={testing} onClose={() => setTesting(null)} />
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("campaigns.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("campaigns.confirmDelete.message")}
        confirmLabel={t("campaigns.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}

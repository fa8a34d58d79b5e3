import { type QueueOption, ROOT_OPTION_PARENT } from "@conversa/shared";
import Add from "@mui/icons-material/Add";
import ArrowDownward from "@mui/icons-material/ArrowDownward";
import ArrowUpward from "@mui/icons-material/ArrowUpward";
import DeleteOutline from "@mui/icons-material/DeleteOutlined";
import Edit from "@mui/icons-material/Edit";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../components/confirmation-dialog.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useCreateQueueOption } from "../api/create-queue-option.ts";
import { useDeleteQueueOption } from "../api/delete-queue-option.ts";
import { useQueueOptions } from "../api/list-queue-options.ts";
import { useRemoveQueueOptionMedia } from "../api/remove-queue-option-media.ts";
import { useUpdateQueueOption } from "../api/update-queue-option.ts";
import { useUploadQueueOptionMedia } from "../api/upload-queue-option-media.ts";
import type { QueueOptionFormValues } from "../utils/queue-option-form.ts";
import { MediaAttachment } from "./media-attachment.tsx";
import { QueueOptionForm } from "./queue-option-form.tsx";

interface LevelProps {
  queueId: number;
  /** -1 for the roots. */
  parentId: number;
  /** How the options of this level are labelled: "2." under the second root gives "2.1", "2.2"… */
  prefix: string;
}

/**
 * The chatbot option tree of a saved queue (spec admin §2 Queue options): the roots numbered from
 * 1 by position, each expandable to its children; add, edit, move, attach media and delete.
 */
export function QueueOptionTree({ queueId }: { queueId: number }) {
  return <OptionLevel queueId={queueId} parentId={ROOT_OPTION_PARENT} prefix="" />;
}

function OptionLevel({ queueId, parentId, prefix }: LevelProps) {
  const { t } = useTranslation();
  const options = useQueueOptions(queueId, parentId);
  const create = useCreateQueueOption(queueId);
  const [isAdding, setIsAdding] = useState(false);
  const isRoot = parentId === ROOT_OPTION_PARENT;

  const add = (values: QueueOptionFormValues) => create.mutateAsync({ queueId, parentId, title: values.title, message: values.message });

  if (options.isPending) return <Skeleton height={48} />;
  if (options.isError) return <Alert severity="error">{t("queues.options.loadFailed")}</Alert>;
  const list = options.data;
  return (
    <Box>
      {list.length === 0 && isRoot && !isAdding && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t("queues.options.empty")}
        </Typography>
      )}
      <Box component="ol" aria-label={isRoot ? t("queues.options.heading") : t("queues.options.childrenOf", { number: prefix.slice(0, -1) })} sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
        {list.map((option, index) => (
          <OptionRow key={option.id} queueId={queueId} option={option} label={`${prefix}${option.option}`} isFirst={index === 0} isLast={index === list.length - 1} />
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>
        {isAdding ? (
          <QueueOptionForm submitLabel={isRoot ? t("queues.options.add") : t("queues.options.addChild")} onSubmit={add} onCancel={() => setIsAdding(false)} />
        ) : (
          <Button size="small" startIcon={<Add />} onClick={() => setIsAdding(true)}>
            {isRoot ? t("queues.options.add") : t("queues.options.addChild")}
          </Button>
        )}
      </Box>
    </Box>
  );
}

interface RowProps {
  queueId: number;
  option: QueueOption;
  /** The option's number as the customer reads it, with its parents' ("2.1"). */
  label: string;
  isFirst: boolean;
  isLast: boolean;
}

function OptionRow({ queueId, option, label, isFirst, isLast }: RowProps) {
  const { t } = useTranslation();
  const update = useUpdateQueueOption(queueId);
  const deletion = useDeleteQueueOption(queueId);
  const upload = useUploadQueueOptionMedia(queueId);
  const removeMedia = useRemoveQueueOptionMedia(queueId);
  const [isEditing, setIsEditing] = useState(false);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const subject = `${label}. ${option.title}`;

  const save = (values: QueueOptionFormValues) => update.mutateAsync({ id: option.id, body: values });
  const move = (position: number) => update.mutate({ id: option.id, body: { option: position } });
  const confirmDelete = () =>
    deletion.mutate(option.id, {
      onSuccess: () => showToast(t("list.deleted"), "success"),
      onSettled: () => setIsConfirming(false),
    });

  if (isEditing) {
    return (
      <Box component="li">
        <QueueOptionForm initial={{ title: option.title, message: option.message }} submitLabel={t("queues.options.save")} onSubmit={save} onCancel={() => setIsEditing(false)} />
      </Box>
    );
  }

  return (
    <Box component="li" data-option-id={option.id} aria-label={subject}>
      <Box sx={{ display: "flex", flexWrap: { xs: "wrap", sm: "nowrap" }, alignItems: "center", gap: 1, p: 1, border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "background.paper" }}>
        <Box
          aria-hidden
          sx={{ minWidth: 32, height: 28, px: 0.75, borderRadius: 1, display: "inline-flex", alignItems: "center", justifyContent: "center", bgcolor: "primary.main", color: "primary.contrastText", fontWeight: 600, fontSize: 13 }}
        >
          {label}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
            {option.title}
          </Typography>
          {option.message && (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {option.message}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 0.25, ml: { xs: "auto", sm: 0 } }}>
          <MediaAttachment
            compact
            subject={subject}
            mediaName={option.mediaName}
            busy={upload.isPending || removeMedia.isPending}
            onSelect={(file) => upload.mutate({ id: option.id, file })}
            onRemove={() => removeMedia.mutate(option.id)}
          />
          <Tooltip title={t("queues.options.moveUp")}>
            <span>
              <IconButton size="small" aria-label={`${t("queues.options.moveUp")}: ${subject}`} disabled={isFirst || update.isPending} onClick={() => move(option.option - 1)}>
                <ArrowUpward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t("queues.options.moveDown")}>
            <span>
              <IconButton size="small" aria-label={`${t("queues.options.moveDown")}: ${subject}`} disabled={isLast || update.isPending} onClick={() => move(option.option + 1)}>
                <ArrowDownward fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t("list.edit")}>
            <IconButton size="small" aria-label={`${t("list.edit")}: ${subject}`} onClick={() => setIsEditing(true)}>
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("list.delete")}>
            <IconButton size="small" aria-label={`${t("list.delete")}: ${subject}`} onClick={() => setIsConfirming(true)}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
          <Button
            size="small"
            onClick={() => setIsExpanded((open) => !open)}
            endIcon={isExpanded ? <ExpandLess /> : <ExpandMore />}
            aria-expanded={isExpanded}
            aria-label={`${t("queues.options.children", { count: option.childrenCount })}: ${subject}`}
            sx={{ whiteSpace: "nowrap" }}
          >
            {t("queues.options.children", { count: option.childrenCount })}
          </Button>
        </Box>
      </Box>
      {isExpanded && (
        <Box sx={{ mt: 1, ml: { xs: 1.5, sm: 3 }, pl: { xs: 1, sm: 1.5 }, borderLeft: 2, borderColor: "divider" }}>
          <OptionLevel queueId={queueId} parentId={option.id} prefix={`${label}.`} />
        </Box>
      )}
      <ConfirmationDialog
        open={isConfirming}
        title={t("queues.options.confirmDelete.title", { name: subject })}
        message={t("queues.options.confirmDelete.message")}
        confirmLabel={t("queues.options.confirmDelete.confirm")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </Box>
  );
}

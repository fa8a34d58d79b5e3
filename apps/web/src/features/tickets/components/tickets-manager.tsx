import { can, type Message, type SessionUser, TIMINGS, type Ticket } from "@conversa/shared";
import AddComment from "@mui/icons-material/AddComment";
import Clear from "@mui/icons-material/Clear";
import Search from "@mui/icons-material/Search";
import ShortText from "@mui/icons-material/ShortText";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import { useTheme } from "@mui/material/styles";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import Tooltip from "@mui/material/Tooltip";
import useMediaQuery from "@mui/material/useMediaQuery";
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useRealtimeJoin } from "../../../lib/socket-provider.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useQueueOptions, useTagOptions, useUserOptions } from "../api/list-options.ts";
import { useTicketList } from "../api/list-tickets.ts";
import { useAcceptTicket } from "../api/update-ticket.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { TRUNCATE_LAST_MESSAGE_KEY, useStoredFlag } from "../hooks/use-stored-flag.ts";
import { useTicketsLiveUpdates } from "../hooks/use-tickets-live-updates.ts";
import { TicketsViewerContext } from "../hooks/use-tickets-viewer.ts";
import { listFilters } from "../utils/ticket-filter.ts";
import { MultiSelectFilter } from "./multi-select-filter.tsx";
import type { NewTicketViewer } from "./new-ticket-dialog.tsx";
import { TicketList } from "./ticket-list.tsx";

// Dialogs load when first opened: the list shows sooner.
const NewTicketDialog = lazy(() => import("./new-ticket-dialog.tsx").then((module) => ({ default: module.NewTicketDialog })));
const TicketPeekDialog = lazy(() => import("./ticket-peek-dialog.tsx").then((module) => ({ default: module.TicketPeekDialog })));

export type TicketsTab = "open" | "closed" | "search";
export type OpenSubTab = "assigned" | "pending";

export interface TicketsManagerProps {
  user: SessionUser;
  /** The ticket shown in the conversation (/tickets/{uuid}). */
  selectedUuid?: string;
  /** A ticket was opened (the route is already /tickets/{uuid}). */
  onTicketOpen?: (uuid: string) => void;
  /** How the peek dialog shows a message (media and formatting); plain text without it. */
  renderMessageContent?: (message: Message) => ReactNode;
}

/** A sub-tab's text with its count in a pill (hidden at 0). */
function CountLabel({ label, count, color }: { label: string; count: number; color: "primary" | "secondary" }) {
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}>
      {label}
      {count > 0 ? (
        <Box
          component="span"
          aria-hidden
          sx={{ minWidth: 20, height: 20, px: 0.75, borderRadius: 10, fontSize: 12, lineHeight: "20px", fontWeight: 600, bgcolor: `${color}.main`, color: `${color}.contrastText` }}
        >
          {count > 999 ? "999+" : count}
        </Box>
      ) : null}
    </Box>
  );
}

/** The inbox list side: search, filters, the open/closed/search tabs and the new-ticket dialog. */
export function TicketsManager(props: TicketsManagerProps) {
  const { user } = props;
  const viewer = useMemo<NewTicketViewer>(
    () => ({ id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues, whatsappId: user.whatsappId }),
    [user.id, user.profile, user.allTicket, user.queues, user.whatsappId],
  );
  return (
    <TicketsViewerContext value={viewer}>
      <TicketsManagerContent {...props} viewer={viewer} />
    </TicketsViewerContext>
  );
}

function TicketsManagerContent({ user, viewer, selectedUuid, onTicketOpen, renderMessageContent }: TicketsManagerProps & { viewer: NewTicketViewer }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const isNarrow = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const isAdmin = user.profile === "admin";
  const canShowAll = can({ profile: user.profile, isSuper: user.super }, "tickets-manager:showall");
  const canSpy = can({ profile: user.profile, isSuper: user.super }, "tickets:spy");

  const [tab, setTab] = useState<TicketsTab>("open");
  const [openTab, setOpenTab] = useState<OpenSubTab>("assigned");
  const [searchInput, setSearchInput] = useState("");
  const [showAll, setShowAll] = useState(canShowAll);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const [tags, setTags] = useState<number[]>([]);
  const [users, setUsers] = useState<number[]>([]);
  const [date, setDate] = useState("");
  const [updatedAt, setUpdatedAt] = useState("");
  const [newTicketOpen, setNewTicketOpen] = useState(false);
  const [peekTicket, setPeekTicket] = useState<Ticket | null>(null);
  const [truncateLastMessage, setTruncateLastMessage] = useStoredFlag(TRUNCATE_LAST_MESSAGE_KEY);
  const searchRef = useRef<HTMLInputElement>(null);
  const searchParam = useDebouncedValue(searchInput.trim().toLowerCase(), TIMINGS.searchDebounceMs);

  useTicketsLiveUpdates();
  useRealtimeJoin("tickets", "open");
  useRealtimeJoin("tickets", "pending");
  useRealtimeJoin("tickets", "closed", tab !== "open");

  const queueOptions = useQueueOptions(isAdmin);
  const tagOptions = useTagOptions();
  const userOptions = useUserOptions(isAdmin && tab === "search");

  const filters = useMemo(
    () => listFilters({ userId: user.id, showAll: canShowAll && showAll, queueIds, tags, users: isAdmin ? users : [], searchParam, date, updatedAt }),
    [user.id, canShowAll, showAll, queueIds, tags, users, isAdmin, searchParam, date, updatedAt],
  );
  // Both open sub-lists are fetched for their count badges.
  const assignedCount = useTicketList(filters.assigned).data?.pages[0]?.count ?? 0;
  const pendingCount = useTicketList(filters.pending).data?.pages[0]?.count ?? 0;

  const accept = useAcceptTicket();
  const { mutate: acceptMutate } = accept;
  const acceptingId = accept.isPending ? (accept.variables ?? null) : null;
  const isSearchSettled = searchInput.trim().toLowerCase() === searchParam;

  // A search result found by a message's text opens the conversation at that message.
  const openTicket = useCallback(
    (uuid: string, messageId?: number) => {
      void navigate(messageId === undefined ? `/tickets/${uuid}` : `/tickets/${uuid}?message=${messageId}`);
      onTicketOpen?.(uuid);
    },
    [navigate, onTicketOpen],
  );
  const handleOpen = useCallback(
    (ticket: Ticket) => {
      if (ticket.status === "pending") {
        showToast(t("tickets.acceptFirst"), "info");
        return;
      }
      openTicket(ticket.uuid, ticket.searchMatch?.messageId);
    },
    [openTicket, t],
  );
  // The accepted ticket is now in "assigned": the list goes there with it.
  const handleAccept = useCallback(
    (ticket: Ticket) =>
      acceptMutate(ticket.id, {
        onSuccess: (accepted) => {
          setTab("open");
          setOpenTab("assigned");
          openTicket(accepted.uuid, ticket.searchMatch?.messageId);
        },
      }),
    [acceptMutate, openTicket],
  );

  const changeSearch = (value: string) => {
    setSearchInput(value);
    setTab(value.trim() === "" ? "open" : "search");
  };

  const rowProps = {
    selectedUuid,
    isNarrow,
    truncateLastMessage,
    canSpy,
    acceptingId,
    onOpen: handleOpen,
    onAccept: handleAccept,
    onPeek: setPeekTicket,
  };

  const assignedLabel = t("tickets.tabs.assigned");
  const pendingLabel = t("tickets.tabs.pending");
  const queueFilterOptions = isAdmin ? (queueOptions.data ?? user.queues) : user.queues;

  return (
    <Paper square elevation={0} sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0, borderRight: { md: 1 }, borderColor: { md: "divider" } }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, pt: 1.5 }}>
        <TextField
          inputRef={searchRef}
          size="small"
          fullWidth
          type="search"
          value={searchInput}
          onChange={(event) => changeSearch(event.target.value)}
          placeholder={t("tickets.search.placeholder")}
          // One clear button: the field's own, not also the browser's for type="search".
          sx={{ "& input::-webkit-search-cancel-button": { display: "none" } }}
          slotProps={{
            htmlInput: { "aria-label": t("tickets.search.label"), maxLength: 200 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: searchInput ? (
                <InputAdornment position="end">
                  <IconButton size="small" edge="end" aria-label={t("tickets.search.clear")} onClick={() => changeSearch("")}>
                    <Clear fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
        <Tooltip title={t("tickets.newTicket.open")}>
          <IconButton color="primary" aria-label={t("tickets.newTicket.open")} onClick={() => setNewTicketOpen(true)}>
            <AddComment />
          </IconButton>
        </Tooltip>
      </Box>

      <Tabs
        value={tab}
        onChange={(_event, next: TicketsTab) => {
          setTab(next);
          if (next === "search") searchRef.current?.focus();
        }}
        variant="fullWidth"
        aria-label={t("tickets.tabs.label")}
        sx={{ borderBottom: 1, borderColor: "divider", minHeight: 44, "& .MuiTab-root": { minHeight: 44 } }}
      >
        <Tab value="open" label={t("tickets.tabs.open")} id="tickets-tab-open" aria-controls="tickets-panel" />
        <Tab value="closed" label={t("tickets.tabs.closed")} id="tickets-tab-closed" aria-controls="tickets-panel" />
        <Tab value="search" label={t("tickets.tabs.search")} id="tickets-tab-search" aria-controls="tickets-panel" />
      </Tabs>

      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, px: 1.5, py: 1 }}>
        {queueFilterOptions.length > 0 ? (
          <MultiSelectFilter label={t("tickets.filters.queues")} options={queueFilterOptions} value={queueIds} onChange={setQueueIds} />
        ) : null}
        {(tagOptions.data?.length ?? 0) > 0 ? (
          <MultiSelectFilter label={t("tickets.filters.tags")} options={tagOptions.data ?? []} value={tags} onChange={setTags} />
        ) : null}
        {isAdmin && tab === "search" && (userOptions.data?.length ?? 0) > 0 ? (
          <MultiSelectFilter label={t("tickets.filters.users")} options={userOptions.data ?? []} value={users} onChange={setUsers} />
        ) : null}
        {tab === "search" ? (
          <>
            <TextField
              type="date"
              size="small"
              label={t("tickets.filters.date")}
              value={date}
              onChange={(event) => setDate(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 150 }}
            />
            <TextField
              type="date"
              size="small"
              label={t("tickets.filters.updatedAt")}
              value={updatedAt}
              onChange={(event) => setUpdatedAt(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 150 }}
            />
          </>
        ) : null}
        <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, ml: "auto" }}>
          {canShowAll ? (
            <FormControlLabel
              control={<Switch size="small" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />}
              label={t("tickets.showAll")}
              sx={{ mr: 0.5, "& .MuiFormControlLabel-label": { fontSize: 14 } }}
            />
          ) : null}
          <Tooltip title={t("tickets.truncateLastMessage")}>
            <ToggleButton
              value="truncate"
              size="small"
              selected={truncateLastMessage}
              onChange={() => setTruncateLastMessage(!truncateLastMessage)}
              aria-label={t("tickets.truncateLastMessage")}
              sx={{ p: 0.5, border: 0 }}
            >
              <ShortText fontSize="small" />
            </ToggleButton>
          </Tooltip>
        </Box>
      </Box>

      {tab === "open" ? (
        <Tabs
          value={openTab}
          onChange={(_event, next: OpenSubTab) => setOpenTab(next)}
          variant="fullWidth"
          aria-label={t("tickets.tabs.openLabel")}
          sx={{ minHeight: 40, bgcolor: "action.hover", "& .MuiTab-root": { minHeight: 40, textTransform: "none" } }}
        >
          <Tab
            value="assigned"
            aria-label={t("tickets.tabs.withCount", { label: assignedLabel, count: assignedCount })}
            label={<CountLabel label={assignedLabel} count={assignedCount} color="primary" />}
          />
          <Tab
            value="pending"
            aria-label={t("tickets.tabs.withCount", { label: pendingLabel, count: pendingCount })}
            label={<CountLabel label={pendingLabel} count={pendingCount} color="secondary" />}
          />
        </Tabs>
      ) : null}

      <Box id="tickets-panel" role="tabpanel" aria-labelledby={`tickets-tab-${tab}`} sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
        {tab === "open" && openTab === "assigned" ? <TicketList key="assigned" filter={filters.assigned} label={assignedLabel} {...rowProps} /> : null}
        {tab === "open" && openTab === "pending" ? <TicketList key="pending" filter={filters.pending} label={pendingLabel} {...rowProps} /> : null}
        {tab === "closed" ? <TicketList key="closed" filter={filters.closed} label={t("tickets.tabs.closed")} {...rowProps} /> : null}
        {tab === "search" ? <TicketList key="search" filter={filters.search} enabled={isSearchSettled} label={t("tickets.tabs.search")} {...rowProps} /> : null}
      </Box>

      <Suspense fallback={null}>
        {newTicketOpen ? (
          <NewTicketDialog
            open
            viewer={viewer}
            onClose={() => setNewTicketOpen(false)}
            onCreated={(ticket) => {
              setNewTicketOpen(false);
              setTab("open");
              setOpenTab("assigned");
              openTicket(ticket.uuid);
            }}
          />
        ) : null}
        {peekTicket ? <TicketPeekDialog ticket={peekTicket} onClose={() => setPeekTicket(null)} renderContent={renderMessageContent} /> : null}
      </Suspense>
    </Paper>
  );
}

import { can, type SessionUser, type Ticket } from "@conversa/shared";
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { useLanes } from "../api/list-lanes.ts";
import { useCompanyQueues } from "../api/list-queues.ts";
import { useMoveCard } from "../api/move-card.ts";
import { useOrderLanes } from "../api/order-lanes.ts";
import { useBoardLiveUpdates } from "../hooks/use-board-live-updates.ts";
import type { BoardFilter, BoardViewer } from "../utils/board-filter.ts";
import { cardDataOf, laneDataOf } from "../utils/drag-data.ts";
import { laneKeyboardCoordinates } from "../utils/keyboard-coordinates.ts";
import { CardView } from "./card-view.tsx";
import { KanbanLane, LANE_WIDTH, type LaneDescriptor } from "./kanban-lane.tsx";
import { QueueFilter } from "./queue-filter.tsx";

/** The page fills the height under the top bar (MUI's toolbar: 56 px, 48 px in landscape, 64 px from 600 px). */
const FILL_BELOW_TOOLBAR = {
  height: "calc(100dvh - 56px)",
  "@media (min-width:0px) and (orientation: landscape)": { height: "calc(100dvh - 48px)" },
  "@media (min-width:600px) and (orientation: landscape), (min-width:600px)": { height: "calc(100dvh - 64px)" },
} as const;

/**
 * The kanban board (spec admin §2): 'Em aberto' (open and pending tickets without a kanban tag), then
 * one lane per kanban tag in its colour, each with its count and its cards a page at a time. Cards move
 * between lanes by dragging (pointer or keyboard); the board follows other users' moves and new
 * tickets live. Tickets are those of the user's inbox (her queues and the visibility rule), narrowed by
 * a queue filter; those allowed it may show every ticket.
 */
export function KanbanBoard({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const viewer = useMemo<BoardViewer>(
    () => ({ id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues }),
    [user.id, user.profile, user.allTicket, user.queues],
  );
  const isAdmin = user.profile === "admin";
  const canShowAll = can({ profile: user.profile, isSuper: user.super }, "tickets-manager:showall");
  const [showAll, setShowAll] = useState(canShowAll);
  const [queueIds, setQueueIds] = useState<number[]>([]);
  const filter = useMemo<BoardFilter>(() => ({ queueIds: [...queueIds].sort((a, b) => a - b), showAll: canShowAll && showAll }), [queueIds, canShowAll, showAll]);
  const companyQueues = useCompanyQueues(isAdmin);
  const queueOptions = isAdmin ? (companyQueues.data ?? []) : user.queues;

  useBoardLiveUpdates(viewer);
  const lanesQuery = useLanes();
  const lanes = useMemo<LaneDescriptor[]>(
    () => [{ id: null, name: t("kanban.openLane"), color: null }, ...(lanesQuery.data ?? []).map((tag) => ({ id: tag.id, name: tag.name, color: tag.color }))],
    [lanesQuery.data, t],
  );
  const move = useMoveCard(viewer);
  // The tag lanes' order is the company's (kept by the server); 'Em aberto' stays first.
  const canOrderLanes = can({ profile: user.profile, isSuper: user.super }, "tags:kanban");
  const orderLanes = useOrderLanes();
  const moveLane = (index: number, by: -1 | 1) => {
    const ids = (lanesQuery.data ?? []).map((tag) => tag.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    orderLanes.mutate(ids);
  };
  const tagLaneCount = lanesQuery.data?.length ?? 0;
  const [dragged, setDragged] = useState<Ticket | null>(null);
  const sensors = useSensors(
    // A click (the open button) moves less than 6 px: it stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneKeyboardCoordinates }),
  );

  const openTicket = useCallback((ticket: Ticket) => void navigate(`/tickets/${ticket.uuid}`), [navigate]);
  const onDragStart = ({ active }: DragStartEvent) => setDragged(cardDataOf(active.data.current)?.ticket ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = cardDataOf(active.data.current);
    const target = laneDataOf(over?.data.current);
    if (!card || !target || target.laneId === card.laneId) return;
    move.mutate({ ticket: card.ticket, from: card.laneId, to: target.laneId });
  };

  const cardName = (data: unknown) => {
    const ticket = cardDataOf(data)?.ticket;
    return ticket ? ticket.contact.name || ticket.contact.number : "";
  };
  const laneName = (data: unknown) => laneDataOf(data)?.name ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const from = cardDataOf(active.data.current)?.laneId;
      return t("kanban.dnd.picked", { name: cardName(active.data.current), lane: lanes.find((lane) => lane.id === from)?.name ?? "" });
    },
    onDragOver: ({ active, over }) =>
      over ? t("kanban.dnd.over", { name: cardName(active.data.current), lane: laneName(over.data.current) }) : t("kanban.dnd.outside", { name: cardName(active.data.current) }),
    onDragEnd: ({ active, over }) =>
      over ? t("kanban.dnd.dropped", { name: cardName(active.data.current), lane: laneName(over.data.current) }) : t("kanban.dnd.droppedOutside", { name: cardName(active.data.current) }),
    onDragCancel: ({ active }) => t("kanban.dnd.cancelled", { name: cardName(active.data.current) }),
  };

  return (
    <Box sx={{ ...FILL_BELOW_TOOLBAR, display: "flex", flexDirection: "column", minWidth: 0, p: { xs: 1.5, md: 2 }, gap: 1.5 }}>
      <title>{`${t("menu.kanban")} · ${t("common.appName")}`}</title>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, fontWeight: 600 }}>
          {t("menu.kanban")}
        </Typography>
        <QueueFilter options={queueOptions} value={queueIds} onChange={setQueueIds} />
        {canShowAll ? (
          <FormControlLabel control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />} label={t("kanban.showAll")} />
        ) : null}
      </Box>
      {lanesQuery.isError ? <LoadErrorAlert onRetry={() => void lanesQuery.refetch()} /> : null}
      {lanesQuery.isSuccess && lanesQuery.data.length === 0 ? <Alert severity="info">{t("kanban.noLanes")}</Alert> : null}
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("kanban.dnd.instructions") } }}
      >
        <Box
          role="group"
          aria-label={t("kanban.boardLabel")}
          sx={{ flex: 1, minHeight: 0, display: "flex", alignItems: "stretch", gap: 1.5, overflowX: "auto", pb: 1 }}
        >
          {lanesQuery.isPending
            ? null
            : lanes.map((lane, position) => {
                // Position 0 is 'Em aberto'; the tag lanes follow, each movable within them.
                const index = position - 1;
                const isBusy = orderLanes.isPending;
                return (
                  <KanbanLane
                    key={lane.id ?? "open"}
                    lane={lane}
                    filter={filter}
                    onOpen={openTicket}
                    isOrderable={canOrderLanes && lane.id !== null}
                    onMoveLeft={lane.id !== null && index > 0 && !isBusy ? () => moveLane(index, -1) : undefined}
                    onMoveRight={lane.id !== null && index < tagLaneCount - 1 && !isBusy ? () => moveLane(index, 1) : undefined}
                  />
                );
              })}
        </Box>
        <DragOverlay>{dragged ? <Box sx={{ width: LANE_WIDTH - 20 }}><CardView ticket={dragged} raised /></Box> : null}</DragOverlay>
      </DndContext>
    </Box>
  );
}

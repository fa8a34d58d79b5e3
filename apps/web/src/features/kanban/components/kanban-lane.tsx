import type { Ticket } from "@conversa/shared";
import { useDroppable } from "@dnd-kit/core";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import { alpha, useTheme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { type UIEvent, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isNearBottom } from "../../../components/list/index.ts";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { useLaneCards } from "../api/list-lane-cards.ts";
import { type BoardFilter, countLabel, type LaneId } from "../utils/board-filter.ts";
import { laneDropId } from "../utils/drag-data.ts";
import { cardsOf, laneCount } from "../utils/lane-cache.ts";
import { KanbanCard } from "./kanban-card.tsx";

/** Width of a lane, in px. */
export const LANE_WIDTH = 300;

export interface LaneDescriptor {
  id: LaneId;
  name: string;
  /** The tag's colour; null for 'Em aberto'. */
  color: string | null;
}

interface KanbanLaneProps {
  lane: LaneDescriptor;
  filter: BoardFilter;
  onOpen: (ticket: Ticket) => void;
  /** Moves the lane one place left or right on the company's board (for those who may order the lanes; absent at an end). */
  onMoveLeft?: () => void;
  onMoveRight?: () => void;
  /** Whether the lane arrows are shown (the user may order the lanes). */
  isOrderable?: boolean;
}

/** The header's text colour on a tag's colour (a colour the theme cannot read falls back to white). */
function useContrastText(color: string | null): string | undefined {
  const theme = useTheme();
  if (!color) return undefined;
  try {
    return theme.palette.getContrastText(color);
  } catch {
    return "#fff";
  }
}

/**
 * One lane: its header in the tag's colour with its count, and its cards, a page at a time as it is
 * scrolled (the next page within 100 px of the bottom, or at once while the cards do not fill it).
 */
export function KanbanLane({ lane, filter, onOpen, onMoveLeft, onMoveRight, isOrderable = false }: KanbanLaneProps) {
  const { t } = useTranslation();
  const cards = useLaneCards(filter, lane.id);
  const { setNodeRef, isOver } = useDroppable({ id: laneDropId(lane.id), data: { laneId: lane.id, name: lane.name } });
  const scroller = useRef<HTMLDivElement>(null);
  const tickets = cardsOf(cards.data);
  const count = laneCount(cards.data);
  const headerText = useContrastText(lane.color);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  useEffect(() => {
    const el = scroller.current;
    if (el && hasNextPage && !isFetchingNextPage && isNearBottom(el)) void fetchNextPage();
  });

  return (
    <Box
      ref={setNodeRef}
      component="section"
      aria-label={t("kanban.laneLabel", { name: lane.name, count: countLabel(count) })}
      data-lane={lane.id ?? "open"}
      sx={(theme) => ({
        width: LANE_WIDTH,
        flexShrink: 0,
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
        maxHeight: "100%",
        borderRadius: 1,
        border: 2,
        borderColor: isOver ? (lane.color ?? theme.palette.primary.main) : "transparent",
        bgcolor: lane.color ? alpha(lane.color, theme.palette.mode === "dark" ? 0.16 : 0.1) : "action.hover",
        transition: "border-color 120ms",
      })}
    >
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          px: 1.5,
          py: 1,
          borderTopLeftRadius: 4,
          borderTopRightRadius: 4,
          bgcolor: lane.color ?? "action.selected",
          color: headerText ?? "text.primary",
        }}
      >
        <Typography component="h2" variant="subtitle1" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} title={lane.name}>
          {lane.name}
        </Typography>
        <Box component="span" aria-hidden sx={{ minWidth: 24, px: 0.75, borderRadius: 12, textAlign: "center", fontSize: 13, fontWeight: 600, bgcolor: "rgba(0,0,0,0.18)" }}>
          {countLabel(count)}
        </Box>
        {isOrderable ? (
          <Box sx={{ display: "flex", mr: -1 }}>
            <IconButton size="small" color="inherit" aria-label={t("kanban.order.left", { name: lane.name })} disabled={!onMoveLeft} onClick={onMoveLeft}>
              <ChevronLeft fontSize="small" />
            </IconButton>
            <IconButton size="small" color="inherit" aria-label={t("kanban.order.right", { name: lane.name })} disabled={!onMoveRight} onClick={onMoveRight}>
              <ChevronRight fontSize="small" />
            </IconButton>
          </Box>
        ) : null}
      </Box>
      <Box
        ref={scroller}
        role="list"
        aria-label={lane.name}
        aria-busy={cards.isPending || isFetchingNextPage}
        onScroll={(event: UIEvent<HTMLDivElement>) => (isNearBottom(event.currentTarget) ? loadMore() : undefined)}
        sx={{ flex: 1, minHeight: 120, overflowY: "auto", p: 1, display: "flex", flexDirection: "column", gap: 1 }}
      >
        {cards.isPending ? Array.from({ length: 3 }, (_, index) => <Skeleton key={index} variant="rounded" height={118} />) : null}
        {cards.isError ? <LoadErrorAlert onRetry={() => void cards.refetch()} /> : null}
        {cards.isSuccess && tickets.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center", py: 3 }}>
            {t("kanban.empty")}
          </Typography>
        ) : null}
        {tickets.map((ticket) => (
          <KanbanCard key={ticket.id} ticket={ticket} laneId={lane.id} onOpen={onOpen} />
        ))}
        {isFetchingNextPage ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
            <CircularProgress size={22} aria-label={t("kanban.loadingMore")} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

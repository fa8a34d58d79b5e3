import { TIMINGS, type Ticket } from "@conversa/shared";
import Inbox from "@mui/icons-material/Inbox";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useTicketList } from "../api/list-tickets.ts";
import { useNow } from "../../../lib/use-now.ts";
import type { TicketListFilter } from "../utils/ticket-filter.ts";
import { TicketListItem } from "./ticket-list-item.tsx";

/** The next page loads when the list is scrolled to within this distance of its end (spec core §9). */
export const LOAD_MORE_THRESHOLD_PX = 100;
const ESTIMATED_ROW_HEIGHT = 96;

export interface TicketListProps {
  filter: TicketListFilter;
  /** False while the filter is not settled yet (a search being typed): the list waits. */
  enabled?: boolean;
  /** Accessible name of the list. */
  label: string;
  selectedUuid: string | undefined;
  isNarrow: boolean;
  truncateLastMessage: boolean;
  canSpy: boolean;
  acceptingId: number | null;
  onOpen: (ticket: Ticket) => void;
  onAccept: (ticket: Ticket) => void;
  onPeek: (ticket: Ticket) => void;
}

/** Live inserts shift the server's pages: a later page may repeat a ticket already shown. */
function uniqueTickets(tickets: Ticket[]): Ticket[] {
  const seen = new Set<number>();
  return tickets.filter((ticket) => {
    if (seen.has(ticket.id)) return false;
    seen.add(ticket.id);
    return true;
  });
}

/** A virtualised, infinitely scrolled list of tickets for one filter. */
export function TicketList({ filter, enabled = true, label, selectedUuid, ...rowProps }: TicketListProps) {
  const { t } = useTranslation();
  const list = useTicketList(filter, enabled);
  const now = useNow(TIMINGS.ticketAgeRefreshMs);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tickets = useMemo(() => uniqueTickets(list.data?.pages.flatMap((page) => page.tickets) ?? []), [list.data]);
  const total = list.data?.pages[0]?.count ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    getItemKey: (index) => tickets[index]?.id ?? index,
    overscan: 6,
    useFlushSync: false,
  });

  const loadMoreIfNearEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasNextPage || isFetchingNextPage) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    if (distance <= LOAD_MORE_THRESHOLD_PX) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A first page shorter than the viewport gives nothing to scroll: ask for the next one at once.
  useEffect(() => {
    const element = scrollRef.current;
    if (element && element.clientHeight > 0 && element.scrollHeight <= element.clientHeight + LOAD_MORE_THRESHOLD_PX) {
      loadMoreIfNearEnd();
    }
  }, [tickets.length, loadMoreIfNearEnd]);

  if (list.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress size={28} aria-label={t("common.loading")} />
      </Box>
    );
  }

  if (list.isError && tickets.length === 0) {
    return (
      <Alert
        severity="error"
        sx={{ m: 1 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t("tickets.retry")}
          </Button>
        }
      >
        {t("tickets.loadFailed")}
      </Alert>
    );
  }

  if (tickets.length === 0) {
    return (
      <Box sx={{ textAlign: "center", color: "text.secondary", py: 5, px: 2 }}>
        <Inbox sx={{ fontSize: 48, mb: 1 }} />
        <Typography>{t("tickets.empty")}</Typography>
      </Box>
    );
  }

  return (
    <Box
      ref={scrollRef}
      onScroll={loadMoreIfNearEnd}
      sx={{ flex: 1, minHeight: 0, overflowY: "auto", overflowAnchor: "none" }}
    >
      <Box role="list" aria-label={label} sx={{ position: "relative", width: "100%", height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const ticket = tickets[item.index];
          if (!ticket) return null;
          return (
            <Box
              key={item.key}
              role="listitem"
              aria-label={ticket.contact.name || ticket.contact.number}
              aria-current={ticket.uuid === selectedUuid ? "true" : undefined}
              aria-setsize={Math.max(total, tickets.length)}
              aria-posinset={item.index + 1}
              data-index={item.index}
              ref={virtualizer.measureElement}
              sx={{ position: "absolute", top: 0, left: 0, width: "100%" }}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TicketListItem
                ticket={ticket}
                now={now}
                isSelected={ticket.uuid === selectedUuid}
                isAccepting={rowProps.acceptingId === ticket.id}
                isNarrow={rowProps.isNarrow}
                truncateLastMessage={rowProps.truncateLastMessage}
                searchTerm={filter.searchParam}
                canSpy={rowProps.canSpy}
                onOpen={rowProps.onOpen}
                onAccept={rowProps.onAccept}
                onPeek={rowProps.onPeek}
              />
            </Box>
          );
        })}
      </Box>
      {isFetchingNextPage ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 1 }}>
          <CircularProgress size={20} aria-label={t("tickets.loadingMore")} />
        </Box>
      ) : null}
    </Box>
  );
}

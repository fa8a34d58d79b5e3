import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { type ReactNode, type UIEvent, useEffect, useRef } from "react";

/** Distance from the bottom, in px, at which the next page is asked for (spec admin §9). */
export const LOAD_MORE_THRESHOLD_PX = 100;

/** Whether a scroll position is within the threshold of the bottom. */
export function isNearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD_PX;
}

interface InfiniteListAreaProps {
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: () => void;
  children: ReactNode;
  /** Accessible name of the scrolling region. */
  label: string;
}

/**
 * The scrolling frame of a list page: it fills the page's height and asks for the next page when
 * the user scrolls within 100 px of the bottom, or at once while the loaded rows do not fill it
 * (a tall screen shows a whole page without a scroll bar, and there would be no scroll to react to).
 */
export function InfiniteListArea({ hasMore, isFetchingMore, onLoadMore, children, label }: InfiniteListAreaProps) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = frame.current;
    if (el && hasMore && !isFetchingMore && isNearBottom(el)) onLoadMore();
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !isFetchingMore && isNearBottom(event.currentTarget)) onLoadMore();
  };
  return (
    <Box
      ref={frame}
      role="region"
      aria-label={label}
      onScroll={onScroll}
      sx={{ maxHeight: "calc(100dvh - 220px)", minHeight: 240, overflowY: "auto", border: 1, borderColor: "divider", borderRadius: 1, bgcolor: "background.paper" }}
    >
      {children}
      {isFetchingMore && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress size={24} />
        </Box>
      )}
    </Box>
  );
}

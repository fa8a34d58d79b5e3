import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { type ReactNode, type UIEvent, useEffect, useRef, useState } from "react";
import { isNearBottom } from "./list/index.ts";

interface TopBarPopoverProps {
  /** The button's icon. */
  icon: ReactNode;
  /** The popover's heading and the button's tooltip. */
  title: string;
  /** The button's accessible name (with what its badge counts). */
  buttonLabel: string;
  /** The badge's number; hidden at 0. */
  badge: number;
  /** Told when the popover opens or closes (what was shown counts as seen, for instance). */
  onOpenChange?: (open: boolean) => void;
  /** The popover's body; `close` closes it (a row that navigates). */
  children: (close: () => void) => ReactNode;
}

/**
 * A button of the top bar with a badge, opening a popover under it with a heading and a body (the
 * announcements, the internal chats): one shape for every popover of the bar.
 */
export function TopBarPopover({ icon, title, buttonLabel, badge, onOpenChange, children }: TopBarPopoverProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const setOpen = (next: HTMLElement | null) => {
    setAnchor(next);
    onOpenChange?.(next !== null);
  };
  return (
    <>
      <Tooltip title={title}>
        <IconButton color="inherit" aria-label={buttonLabel} aria-haspopup="dialog" onClick={(event) => setOpen(event.currentTarget)}>
          <Badge badgeContent={badge} color="error" max={99}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setOpen(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": title, sx: { width: 400, maxWidth: "calc(100vw - 16px)", display: "flex", flexDirection: "column", maxHeight: 480 } } }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {children(() => setOpen(null))}
      </Popover>
    </>
  );
}

interface PopoverListFrameProps {
  isLoading: boolean;
  loadingLabel: string;
  /** Shown instead of the list when set (a failure, or nothing to list). */
  notice?: { text: string; isError?: boolean } | null;
  hasMore: boolean;
  isFetchingMore: boolean;
  onLoadMore: () => void;
  testId?: string;
  children: ReactNode;
}

/**
 * A popover's scrolling list: the next page within 100 px of the bottom (spec core §9), or at once while
 * the rows do not fill it; a spinner while the first page loads, a notice in place of an empty list.
 */
export function PopoverListFrame({ isLoading, loadingLabel, notice, hasMore, isFetchingMore, onLoadMore, testId, children }: PopoverListFrameProps) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = frame.current;
    if (el && hasMore && !isFetchingMore && isNearBottom(el)) onLoadMore();
  });
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !isFetchingMore && isNearBottom(event.currentTarget)) onLoadMore();
  };
  return (
    <Box ref={frame} onScroll={onScroll} sx={{ overflowY: "auto", flex: 1, minHeight: 0 }} data-testid={testId}>
      {isLoading ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 3 }}>
          <CircularProgress size={24} aria-label={loadingLabel} />
        </Box>
      ) : notice ? (
        <Typography color={notice.isError ? "error" : "text.secondary"} sx={{ px: 2, pb: 2 }}>
          {notice.text}
        </Typography>
      ) : (
        children
      )}
      {isFetchingMore && (
        <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
          <CircularProgress size={20} />
        </Box>
      )}
    </Box>
  );
}

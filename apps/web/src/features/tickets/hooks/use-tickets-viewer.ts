import { createContext, useContext } from "react";
import type { TicketViewer } from "../utils/ticket-filter.ts";

export const TicketsViewerContext = createContext<TicketViewer | null>(null);

/** The signed-in user the ticket lists are shown to (provided by TicketsManager). */
export function useTicketsViewer(): TicketViewer {
  const viewer = useContext(TicketsViewerContext);
  if (!viewer) throw new Error("useTicketsViewer must be used inside TicketsManager");
  return viewer;
}

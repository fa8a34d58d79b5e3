import type { ComponentProps } from "react";
import { TicketsViewerContext } from "../hooks/use-tickets-viewer.ts";
import { NewTicketDialog } from "./new-ticket-dialog.tsx";

/** The new-ticket dialog outside the tickets page: it brings the viewer context TicketsManager gives otherwise. */
export function StandaloneNewTicketDialog(props: ComponentProps<typeof NewTicketDialog>) {
  return (
    <TicketsViewerContext value={props.viewer}>
      <NewTicketDialog {...props} />
    </TicketsViewerContext>
  );
}

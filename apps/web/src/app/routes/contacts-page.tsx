import { type Contact, type SessionUser, type Ticket, can } from "@conversa/shared";
import { lazy, Suspense, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { ContactsPanel } from "../../features/contacts/index.ts";
import type { NewTicketViewer } from "../../features/tickets/new-ticket.ts";

// The new-ticket dialog loads only when a row asks for it.
const NewTicketDialog = lazy(() => import("../../features/tickets/new-ticket.ts").then((module) => ({ default: module.NewTicketDialog })));

function ContactsView({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const viewer = useMemo<NewTicketViewer>(
    () => ({ id: user.id, profile: user.profile, allTicket: user.allTicket, queues: user.queues, whatsappId: user.whatsappId }),
    [user.id, user.profile, user.allTicket, user.queues, user.whatsappId],
  );
  // Kept after closing so the dialog keeps its contact while it fades out.
  const [ticketFor, setTicketFor] = useState<{ open: boolean; contact: Contact | null }>({ open: false, contact: null });
  const close = () => setTicketFor((current) => ({ ...current, open: false }));

  return (
    <>
      <ContactsPanel
        canDelete={can({ profile: user.profile, isSuper: user.super }, "contacts-page:deleteContact")}
        canManageData={can({ profile: user.profile, isSuper: user.super }, "contacts:dataRights")}
        onOpenTicket={(contact) => setTicketFor({ open: true, contact })} />
      {ticketFor.contact && (
        <Suspense fallback={null}>
          <NewTicketDialog
            key={ticketFor.contact.id}
            open={ticketFor.open}
            viewer={viewer}
            initialContact={ticketFor.contact}
            onClose={close}
            onCreated={(ticket: Ticket) => {
              close();
              void navigate(`/tickets/${ticket.uuid}`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** /contacts: the company's contacts; a row opens a new ticket for its contact (core §2). */
export default function ContactsPage() {
  const { user } = useAuth();
  if (!user) return <PageLoader />;
  return <ContactsView user={user} />;
}

import { can } from "@conversa/shared";
import { useNavigate, useParams } from "react-router";
import NotFoundPage from "./not-found-page.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { ListContactsPanel } from "../../features/contact-lists/index.ts";

/** /contact-lists/:contactListId/contacts: the contacts of one list. */
export default function ContactListContactsPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const contactListId = Number(useParams().contactListId);
  if (!Number.isInteger(contactListId) || contactListId <= 0) return <NotFoundPage />;
  if (!user) return <PageLoader />;
  return (
    <ListContactsPanel
      key={contactListId}
      contactListId={contactListId}
      canDelete={can({ profile: user.profile, isSuper: user.super }, "contacts-page:deleteContact")}
      onBack={() => void navigate("/contact-lists")}
    />
  );
}

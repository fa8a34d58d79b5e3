import { useNavigate } from "react-router";
import { ContactListsPanel } from "../../features/contact-lists/index.ts";

/** /contact-lists: the company's contact lists; a row opens its contacts. */
export default function ContactListsPage() {
  const navigate = useNavigate();
  return <ContactListsPanel onOpenContacts={(list) => void navigate(`/contact-lists/${list.id}/contacts`)} />;
}

export { ContactListsPanel } from "./components/contact-lists-panel.tsx";
export { ListContactsPanel } from "./components/list-contacts-panel.tsx";

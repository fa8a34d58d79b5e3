export { ContactsPanel } from "./components/contacts-panel.tsx";
export { ContactDialog } from "./components/contact-dialog.tsx";

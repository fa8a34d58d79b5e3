export { ContactsPanel } from "./components/contacts-panel.tsx";

export { AuditPanel } from "./components/audit-panel.tsx";

export { FilesPanel } from "./components/files-panel.tsx";

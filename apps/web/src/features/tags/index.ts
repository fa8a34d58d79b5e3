export { TagsPanel } from "./components/tags-panel.tsx";

export { QueuesPanel } from "./components/queues-panel.tsx";

export { KanbanBoard } from "./components/kanban-board.tsx";

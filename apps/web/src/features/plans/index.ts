export { PlansTab } from "./components/plans-tab.tsx";

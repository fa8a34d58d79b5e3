export { InstallationSection } from "./components/installation-section.tsx";

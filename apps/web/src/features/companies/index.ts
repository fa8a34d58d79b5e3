export { CompaniesTab } from "./components/companies-tab.tsx";

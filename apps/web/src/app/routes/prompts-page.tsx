import { PromptsPanel } from "../../features/prompts/prompts-panel.tsx";

/** /prompts: the company's AI prompts (admins; plan flag useOpenAi). */
export default function PromptsPage() {
  return <PromptsPanel />;
}

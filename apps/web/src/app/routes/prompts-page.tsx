import { useQueryClient } from "@tanstack/react-query";
import { PromptsPanel } from "../../features/prompts/prompts-panel.tsx";
import { invalidateQueueBots } from "../../features/queues/api/invalidate-queue-bots.ts";
import { useAllQueues } from "../../features/queues/api/list-all-queues.ts";

/**
 * /prompts: the company's AI prompts (admins; plan flag useOpenAi). The page reads the queues its dialog offers,
 * and a saved or deleted prompt makes the queues page read its queues again (the prompt is its Setor's bot).
 */
export default function PromptsPage() {
  const queryClient = useQueryClient();
  const queues = useAllQueues();
  return <PromptsPanel queues={queues.data ?? []} onQueuesChanged={() => void invalidateQueueBots(queryClient)} />;
}

import { QueueIntegrationsPanel } from "../../features/queue-integrations/queue-integrations-panel.tsx";

/** /queue-integration: the company's queue integrations (admins; plan flag useIntegrations). */
export default function QueueIntegrationPage() {
  return <QueueIntegrationsPanel />;
}

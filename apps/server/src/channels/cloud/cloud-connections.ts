import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { connections } from "../../db/schema/index.ts";
import type { SecretBox } from "../../lib/secret-box.ts";

/** The official line's provider name on connections. */
export const CLOUD_PROVIDER = "cloud";

/** What the driver, the webhook and the template sync need of an official-line connection, secrets opened. */
export interface CloudCredentials {
  connectionId: number;
  companyId: number;
  phoneNumberId: string;
  businessAccountId: string;
  /** Undefined when never set, or sealed with another DATA_ENCRYPTION_KEY. */
  accessToken: string | undefined;
  appSecret: string | undefined;
  webhookKey: string;
  verifyToken: string;
}

const credentialColumns = {
  id: connections.id,
  companyId: connections.companyId,
  provider: connections.provider,
  phoneNumberId: connections.cloudPhoneNumberId,
  businessAccountId: connections.cloudBusinessAccountId,
  accessToken: connections.cloudAccessToken,
  appSecret: connections.cloudAppSecret,
  webhookKey: connections.cloudWebhookKey,
  verifyToken: connections.cloudVerifyToken,
};

type CredentialRow = { [K in keyof typeof credentialColumns]: (typeof credentialColumns)[K]["_"]["data"] | null };

function opened(box: SecretBox, row: CredentialRow | undefined): CloudCredentials | undefined {
  if (!row || row.provider !== CLOUD_PROVIDER || row.id === null || row.companyId === null) return undefined;
  if (!row.phoneNumberId || !row.businessAccountId || !row.webhookKey || !row.verifyToken) return undefined;
  return {
    connectionId: row.id,
    companyId: row.companyId,
    phoneNumberId: row.phoneNumberId,
    businessAccountId: row.businessAccountId,
    accessToken: row.accessToken ? box.open(row.accessToken) : undefined,
    appSecret: row.appSecret ? box.open(row.appSecret) : undefined,
    webhookKey: row.webhookKey,
    verifyToken: row.verifyToken,
  };
}

/** The credentials of one official-line connection of a company, or undefined (not found, not `cloud`, not configured). */
export async function loadCloudCredentials(db: Db, box: SecretBox, companyId: number, connectionId: number): Promise<CloudCredentials | undefined> {
  const [row] = await db
    .select(credentialColumns)
    .from(connections)
    .where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  return opened(box, row);
}

/** The official-line connection whose webhook URL carries `webhookKey` (unique in the installation), or undefined. */
export async function findCloudConnectionByWebhookKey(db: Db, box: SecretBox, webhookKey: string): Promise<CloudCredentials | undefined> {
  const [row] = await db.select(credentialColumns).from(connections).where(eq(connections.cloudWebhookKey, webhookKey));
  return opened(box, row);
}

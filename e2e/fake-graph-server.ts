// The browser tests' Graph API: the server tests' fake (apps/server/test/fake-graph.ts) on FAKE_GRAPH_PORT,
// where the e2e server's WHATSAPP_CLOUD_API_URL points; the specs read what it received at /__requests.
import { startFakeGraph } from "../apps/server/test/fake-graph.ts";

const port = Number(process.env.FAKE_GRAPH_PORT);
if (!port) throw new Error("FAKE_GRAPH_PORT must be set");
const fake = await startFakeGraph({ port, inspectable: true });
console.log(`fake Graph API listening on ${fake.url}`);

/** What the rest of the server uses of the external API module: the clients that call it with a connection's token. */
export { type ApiClient, authenticateApiClient } from "./external-api.service.ts";

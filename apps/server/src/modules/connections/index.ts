/** What the rest of the server uses of the connections module: its stored connections and their sessions' state. */
export { type ConnectionUrls, findConnection, findConnectionRow, listConnectionsToStart, saveSessionState } from "./connections.repository.ts";

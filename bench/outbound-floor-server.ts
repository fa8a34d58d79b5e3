/**
 * The floor of an attendant's send, run by bench/outbound.bench.ts beside the product: the same effects of
 * `POST /messages/:ticketId` with a text on an open ticket and of its delivery through the simulator, done
 * by hand with nothing else. A process with a pool of the product's size on the same database:
 * - the request: one prepared statement stores the message as pending (the row is its own outbox) and the
 *   ticket's last message, answering both as JSON; the `create` event goes to the sockets and the request
 *   is answered;
 * - the send, after the answer, one chat at a time in order: the simulated phone's row (what the simulator's
 *   network does), then the message marked sent with its wid, answered as JSON for the `update` event;
 * - the network's two receipts, 50 ms and 400 ms after the send as the simulator gives them: each raises the
 *   phone's row and the message's ack in one statement and sends an `update` event.
 * No session, no checks, no job queue, no retries. Env: FLOOR_DATABASE_URL, FLOOR_PORT, FLOOR_COMPANY_ID;
 * prints "floor ready" once it listens.
 */
import { createServer } from "node:http";
import pg from "pg";
import { Server } from "socket.io";

const url = process.env.FLOOR_DATABASE_URL!;
const port = Number(process.env.FLOOR_PORT);
const companyId = Number(process.env.FLOOR_COMPANY_ID);
const pool = new pg.Pool({ connectionString: url, max: 10 });

/** The open tickets and their chats: what the product reads from the ticket and its contact. */
const chats = new Map<number, { contactId: number; connectionId: number; number: string }>();
const rows = await pool.query(
  `select t.id, t.contact_id, t.whatsapp_id, c.number from tickets t join contacts c on c.id = t.contact_id
   where t.company_id = $1 and t.status = 'open'`,
  [companyId],
);
for (const row of rows.rows as { id: number; contact_id: number; whatsapp_id: number; number: string }[]) {
  chats.set(row.id, { contactId: row.contact_id, connectionId: row.whatsapp_id, number: row.number });
}

const STORE = {
  name: "floor_outbound_store",
  text: `with ins as (
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, body, from_me, read, ack, send_status, media_type, created_at, updated_at)
      values ($1, $2, $3, $4, $5, true, true, 0, 'pending', 'chat', now(), now())
      returning id, ticket_id, body, from_me, read, ack, send_status, media_type, created_at, updated_at),
    upd as (
      update tickets set last_message = $5, updated_at = now()
      where id = $2 returning id, uuid, status, user_id, queue_id, whatsapp_id, contact_id, last_message, unread_messages, created_at, updated_at)
    select row_to_json(ins) as message, row_to_json(upd) as ticket from ins, upd`,
};
const PHONE = {
  name: "floor_outbound_phone",
  text: `insert into simulator_messages (company_id, connection_id, direction, customer_number, is_group, wid, kind, body, ack)
    values ($1, $2, 'out', $3, false, $4, 'chat', $5, 0) on conflict (connection_id, wid) do nothing`,
};
const SENT = {
  name: "floor_outbound_sent",
  text: `update messages set wid = $2, ack = greatest(ack, 1), send_status = 'sent', updated_at = now() where id = $1
    returning json_build_object('id', id, 'ticketId', ticket_id, 'body', body, 'fromMe', from_me, 'ack', ack, 'sendStatus', send_status, 'updatedAt', updated_at) as message`,
};
const RECEIPT = {
  name: "floor_outbound_receipt",
  text: `with phone as (update simulator_messages set ack = $3::int - 1 where connection_id = $2 and wid = $4 and ack < $3::int - 1)
    update messages set ack = $3::int, updated_at = now() where id = $1 and ack < $3::int
    returning json_build_object('id', id, 'ticketId', ticket_id, 'body', body, 'fromMe', from_me, 'ack', ack, 'sendStatus', send_status, 'updatedAt', updated_at) as message`,
};

/** Each chat's sends, one after the other in the order they were stored. */
const chains = new Map<number, Promise<void>>();

function deliver(ticketId: number, chat: { connectionId: number; number: string }, message: { id: number; body: string }): void {
  const previous = chains.get(ticketId) ?? Promise.resolve();
  const next = previous.then(async () => {
    const wid = `FLOOR-${message.id}`;
    await pool.query({ ...PHONE, values: [companyId, chat.connectionId, chat.number, wid, message.body] });
    const { rows: sent } = await pool.query({ ...SENT, values: [message.id, wid] });
    io.emit(`company-${companyId}-appMessage`, { action: "update", message: (sent[0] as { message: object }).message });
    for (const [delay, ack] of [
      [50, 2],
      [400, 3],
    ] as const) {
      setTimeout(() => {
        pool
          .query({ ...RECEIPT, values: [message.id, chat.connectionId, ack, wid] })
          .then(({ rows: raised }) => {
            if (raised[0]) io.emit(`company-${companyId}-appMessage`, { action: "update", message: (raised[0] as { message: object }).message });
          })
          .catch((error: unknown) => console.error(error));
      }, delay);
    }
  });
  chains.set(
    ticketId,
    next.catch((error: unknown) => console.error(error)),
  );
}

const http = createServer((request, response) => {
  const ticketId = Number(/^\/floor\/messages\/(\d+)$/.exec(request.url ?? "")?.[1]);
  const chat = chats.get(ticketId);
  if (request.method !== "POST" || !chat) {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { body } = JSON.parse(Buffer.concat(chunks).toString()) as { body: string };
    pool
      .query({ ...STORE, values: [companyId, ticketId, chat.contactId, chat.connectionId, body] })
      .then(({ rows: [row] }) => {
        const { message, ticket } = row as { message: { id: number; body: string }; ticket: object };
        io.emit(`company-${companyId}-appMessage`, { action: "create", message, ticket });
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify([message]));
        deliver(ticketId, chat, message);
      })
      .catch((error: unknown) => {
        console.error(error);
        response.writeHead(500).end();
      });
  });
});
const io = new Server(http, { transports: ["websocket"] });
http.listen(port, "127.0.0.1", () => console.log("floor ready"));

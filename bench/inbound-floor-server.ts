/**
 * The floor of an inbound message, run by bench/inbound.bench.ts beside the product: the same effects of
 * one customer's text on an existing open ticket (the message row; the ticket's last message, unread count
 * and time; the event on the attendant's socket), done by hand with nothing else. A process with a pool
 * of the product's size on the same database, an HTTP route that takes `{ from, body }` as the
 * simulator's does, one prepared statement (message insert and ticket update in data-modifying CTEs,
 * answering the message, ticket and contact as JSON) and a Socket.IO emit to every socket.
 * Env: FLOOR_DATABASE_URL, FLOOR_PORT, FLOOR_COMPANY_ID; prints "floor ready" once it listens.
 */
import { createServer } from "node:http";
import pg from "pg";
import { Server } from "socket.io";

const url = process.env.FLOOR_DATABASE_URL!;
const port = Number(process.env.FLOOR_PORT);
const companyId = Number(process.env.FLOOR_COMPANY_ID);
const pool = new pg.Pool({ connectionString: url, max: 10 });

/** The open conversations by customer number: what a channel's session knows before a message arrives. */
const conversations = new Map<string, { ticketId: number; contactId: number; connectionId: number }>();
const rows = await pool.query(
  `select c.number, t.id as ticket_id, t.contact_id, t.whatsapp_id from tickets t join contacts c on c.id = t.contact_id
   where t.company_id = $1 and t.status = 'open'`,
  [companyId],
);
for (const row of rows.rows as { number: string; ticket_id: number; contact_id: number; whatsapp_id: number }[]) {
  conversations.set(row.number, { ticketId: row.ticket_id, contactId: row.contact_id, connectionId: row.whatsapp_id });
}

const STORE = {
  name: "floor_inbound_text",
  text: `with ins as (
      insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack, media_type, created_at, updated_at)
      values ($1, $2, $3, $4, $5, $6, false, false, 0, 'chat', now(), now())
      returning id, ticket_id, body, from_me, read, ack, media_type, created_at, updated_at),
    upd as (
      update tickets set last_message = $6, unread_messages = unread_messages + 1, last_customer_message_at = now(), updated_at = now()
      where id = $2 returning id, uuid, status, user_id, queue_id, whatsapp_id, contact_id, last_message, unread_messages, created_at, updated_at)
    select row_to_json(ins) as message, row_to_json(upd) as ticket,
      (select json_build_object('id', id, 'name', name, 'number', number, 'email', email, 'profilePicUrl', profile_pic_url, 'isGroup', is_group)
        from contacts where id = $3) as contact
    from ins, upd`,
};

let sequence = 0;
const http = createServer((request, response) => {
  if (request.method !== "POST" || request.url !== "/floor/messages") {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const { from, body } = JSON.parse(Buffer.concat(chunks).toString()) as { from: string; body: string };
    const conversation = conversations.get(from);
    if (!conversation) {
      response.writeHead(404).end();
      return;
    }
    sequence += 1;
    pool
      .query({ ...STORE, values: [companyId, conversation.ticketId, conversation.contactId, conversation.connectionId, `FLOOR-${process.pid}-${sequence}`, body] })
      .then(({ rows: [row] }) => {
        const { message, ticket, contact } = row as { message: object; ticket: object; contact: object };
        io.emit(`company-${companyId}-appMessage`, { action: "create", message, ticket, contact });
        response.writeHead(201, { "content-type": "application/json" }).end("{}");
      })
      .catch((error: unknown) => {
        console.error(error);
        response.writeHead(500).end();
      });
  });
});
const io = new Server(http, { transports: ["websocket"] });
http.listen(port, "127.0.0.1", () => console.log("floor ready"));

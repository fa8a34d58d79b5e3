import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts, messages, tickets } from "./schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, inbound } from "../../test/engine-harness.ts";
import { createCompany } from "../../test/factories.ts";
import { upsertImportBatch } from "../modules/contacts/contacts-import.repository.ts";
import { insertContact, updateContactRow } from "../modules/contacts/contacts.repository.ts";

let t: TestApp;
let companyId: number;
beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  companyId = (await createCompany(t.db)).id;
});
afterEach(async () => {
  await t.close();
});

const foldedName = async (number: string) =>
  (await t.db.select({ name: contacts.name, nameFolded: contacts.nameFolded }).from(contacts).where(eq(contacts.number, number)))[0];

describe("the folded search columns", () => {
  it("keep a contact's folded name in step with every write of its name: create, edit, inbound message and import", async () => {
    const id = await insertContact(t.db, companyId, { name: "João Araújo", number: "5511911110001", email: "" });
    expect(await foldedName("5511911110001")).toEqual({ name: "João Araújo", nameFolded: "joao araujo" });
    await updateContactRow(t.db, companyId, id!, { name: "MÁRCIA Ñandú", number: "5511911110001", email: "" });
    expect(await foldedName("5511911110001")).toEqual({ name: "MÁRCIA Ñandú", nameFolded: "marcia nandu" });

    // An inbound message names a contact known by its number only.
    const connection = await createConnectionRow(t.db, companyId);
    await attachFakeDriver(t, connection);
    await t.platform.engine.handleInbound(inbound(connection, "5511911110002", "oi", { sender: { number: "5511911110002" } }));
    expect(await foldedName("5511911110002")).toEqual({ name: "5511911110002", nameFolded: "5511911110002" });
    await t.platform.engine.handleInbound(inbound(connection, "5511911110002", "oi de novo", { sender: { number: "5511911110002", name: "Érica Gonçalves" } }));
    expect(await foldedName("5511911110002")).toEqual({ name: "Érica Gonçalves", nameFolded: "erica goncalves" });

    // An import renames an existing contact and creates a new one.
    const candidate = (number: string, name: string) => ({ row: 1, name, number, email: "", extraInfo: [] });
    await upsertImportBatch(t.db, companyId, [candidate("5511911110001", "Ângela Lírio"), candidate("5511911110003", "Ítalo Côrtes")], null);
    expect(await foldedName("5511911110001")).toEqual({ name: "Ângela Lírio", nameFolded: "angela lirio" });
    expect(await foldedName("5511911110003")).toEqual({ name: "Ítalo Côrtes", nameFolded: "italo cortes" });
  });

  it("keep a message's folded text in step with its text", async () => {
    const id = await insertContact(t.db, companyId, { name: "Bia", number: "5511911110004", email: "" });
    const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: id! }).returning();
    const [message] = await t.db.insert(messages).values({ companyId, ticketId: ticket!.id, contactId: id!, body: "Orçamento APROVADO" }).returning();
    expect(message!.bodyFolded).toBe("orcamento aprovado");
    const [edited] = await t.db.update(messages).set({ body: "Pedido CANCELADO às 10h" }).where(eq(messages.id, message!.id)).returning();
    expect(edited!.bodyFolded).toBe("pedido cancelado as 10h");
  });
});

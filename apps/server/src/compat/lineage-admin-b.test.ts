/**
 * The previous generation's web client (4.8.2) on Conversa's administration screens, second part: the
 * session it keeps, the kanban, the internal chat, integrations and file lists (docs/compatibility.md).
 * Each block sends the client's own bodies and checks every field its screen reads.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { companies, queues, userQueues } from "../db/schema/index.ts";
import { REFRESH_COOKIE } from "../modules/auth/auth.routes.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createTenant, loginAs } from "../../test/factories.ts";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(...args: Parameters<typeof buildTestApp>): Promise<TestApp> {
  const t = await buildTestApp(...args);
  apps.push(t);
  return t;
}

describe("9 and 16. the session's user", () => {
  it("carries UserQueue on each queue and the company's billing e-mail, on login, /auth/me and refresh", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await t.db.update(companies).set({ email: "financeiro@a.example" }).where(eq(companies.id, a.company.id));
    await t.db.update(companies).set({ email: "financeiro@b.example" }).where(eq(companies.id, b.company.id));
    const [vendas] = await t.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#00ff00" }).returning();
    await t.db.insert(userQueues).values({ companyId: a.company.id, userId: a.agent.id, queueId: vendas!.id });

    const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { email: a.agent.email, password: "Secret-123" } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE)!.value;
    const me = await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(login.json().token) });
    const refreshed = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { [REFRESH_COOKIE]: cookie } });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    for (const user of [login.json().user, me.json(), refreshed.json().user]) {
      // pages/Kanban/index.js: user.queues.map((queue) => queue.UserQueue.queueId)
      expect(user.queues).toEqual([{ id: vendas!.id, name: "Vendas", color: "#00ff00", UserQueue: { queueId: vendas!.id, userId: a.agent.id } }]);
      expect(user.queues.map((queue: { UserQueue: { queueId: number } }) => queue.UserQueue.queueId)).toEqual([vendas!.id]);
      // The user's own company only: never another's billing e-mail.
      expect(user.company).toMatchObject({ id: a.company.id, email: "financeiro@a.example" });
      expect(JSON.stringify(user)).not.toContain("financeiro@b.example");
    }
  });

  it("answers a null e-mail for a company without one, and no queues for a user without any", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    await t.db.update(companies).set({ email: null }).where(eq(companies.id, a.company.id));
    const { user } = await loginAs(t.app, a.admin.email);
    expect(user.company.email).toBeNull();
    expect(user.queues).toEqual([]);
  });
});

describe("14. an integration saved with the form's empty language", () => {
  // components/QueueIntegrationModal/index.js: initialState, sent whole by handleSaveDialogflow.
  const clientBody = (name: string) => ({
    type: "typebot",
    name,
    projectName: name,
    jsonContent: "",
    language: "",
    urlN8N: "https://typebot.example.com",
    typebotDelayMessage: 1000,
    typebotExpires: 1,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotRestartMessage: "",
    typebotSlug: "atendimento",
    typebotUnknownMessage: "",
  });

  it("is created and changed with the default language; any other unknown language is still refused", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const created = await t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload: clientBody("Typebot") });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: "Typebot", language: "pt-BR" });
    const id = created.json().id as number;

    const changed = await t.app.inject({ method: "PUT", url: `/queueIntegration/${id}`, headers: bearer(a.adminToken), payload: clientBody("Typebot 2") });
    expect(changed.statusCode, changed.body).toBe(200);
    const shown = await t.app.inject({ method: "GET", url: `/queueIntegration/${id}`, headers: bearer(a.adminToken) });
    expect(shown.json()).toMatchObject({ name: "Typebot 2", language: "pt-BR" });

    const wrong = await t.app.inject({ method: "POST", url: "/queueIntegration", headers: bearer(a.adminToken), payload: { ...clientBody("Outro"), language: "xx" } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe("ERR_VALIDATION");

    const b = await createTenant(t.app, t.db);
    const foreign = await t.app.inject({ method: "PUT", url: `/queueIntegration/${id}`, headers: bearer(b.adminToken), payload: clientBody("Alheia") });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("12. an internal chat whose members come from the client's user picker", () => {
  it("is created and changed with users as {id, name}; another company's user among them is still refused", async () => {
    const t = await appWith();
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    // pages/Chat/index.js handleSave: { users, title } with users as the picker's { id, name }.
    const created = await t.app.inject({ method: "POST", url: "/chats", headers: bearer(a.adminToken), payload: { users: [{ id: a.agent.id, name: a.agent.name }], title: "Equipe" } });
    expect(created.statusCode, created.body).toBe(200);
    const chat = created.json();
    expect(chat.title).toBe("Equipe");
    expect(chat.users.map((member: { userId: number }) => member.userId).sort()).toEqual([a.admin.id, a.agent.id].sort());

    const changed = await t.app.inject({ method: "PUT", url: `/chats/${chat.id}`, headers: bearer(a.adminToken), payload: { users: [{ id: a.agent.id, name: a.agent.name }], title: "Equipe 2" } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().title).toBe("Equipe 2");

    const foreign = await t.app.inject({ method: "POST", url: "/chats", headers: bearer(a.adminToken), payload: { users: [{ id: b.agent.id, name: b.agent.name }], title: "Alheia" } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_USER_FOUND");
    const extra = await t.app.inject({ method: "POST", url: "/chats", headers: bearer(a.adminToken), payload: { users: [{ id: a.agent.id, name: "x", companyId: a.company.id }], title: "Extra" } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toBe("ERR_VALIDATION");
  });
});

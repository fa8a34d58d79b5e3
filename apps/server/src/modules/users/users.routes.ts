import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ZCreateUserBody, ZIdParam, ZIdText, ZListUsersQuery, ZListUsersResponse, ZOkResponse, ZUpdateUserBody, ZUser, ZUserListItem } from "@conversa/shared";
import { ctxOf } from "../../lib/context.ts";
import { type UsersDeps, createUser, deleteUser, getUser, listCompanyUsers, listUsers, resetUserTwoFactor, updateUser } from "./users.service.ts";

/** What the user routes use of the platform. */
export type UsersRoutesDeps = UsersDeps;

/** /users (spec core §7): the Users page, the user dialog and the pickers' list. */
export function usersRoutes(deps: UsersRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { onRequest: app.authenticate };

    app.get(
      "/users/list",
      // `companyId` is accepted for compatibility and ignored: always the session's company.
      { ...auth, schema: { querystring: z.object({ companyId: ZIdText.optional() }), response: { 200: z.array(ZUserListItem) } } },
      (request) => listCompanyUsers(deps, ctxOf(request)),
    );
    app.get("/users", { ...auth, schema: { querystring: ZListUsersQuery, response: { 200: ZListUsersResponse } } }, (request) =>
      listUsers(deps, ctxOf(request), request.query),
    );
    app.get("/users/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZUser } } }, (request) => getUser(deps, ctxOf(request), request.params.id));
    app.post("/users", { ...auth, schema: { body: ZCreateUserBody, response: { 200: ZUser } } }, (request) => createUser(deps, ctxOf(request), request.body));
    app.put("/users/:id", { ...auth, schema: { params: ZIdParam, body: ZUpdateUserBody, response: { 200: ZUser } } }, (request) =>
      updateUser(deps, ctxOf(request), request.params.id, request.body, request.ip),
    );
    app.delete("/users/:id", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await deleteUser(deps, ctxOf(request), request.params.id);
      return { message: "User deleted" };
    });
    app.delete("/users/:id/2fa", { ...auth, schema: { params: ZIdParam, response: { 200: ZOkResponse } } }, async (request) => {
      await resetUserTwoFactor(deps, ctxOf(request), request.params.id);
      return { message: "Two-factor sign-in reset" };
    });
  };
}

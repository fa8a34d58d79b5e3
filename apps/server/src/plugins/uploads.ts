import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { isMultipartRequest } from "../media/uploads.ts";

/**
 * Refuses, with 400 ERR_VALIDATION, a multipart body sent to a route that does not declare an upload,
 * so that no route can read files it was not declared for (the route table lists those that are).
 */
export function refuseUndeclaredUploads(app: FastifyInstance): void {
  const message = "This route takes no multipart upload";
  app.addHook("preValidation", async (request) => {
    if (isMultipartRequest(request) && !request.routeOptions.config.upload) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/", message }], message);
  });
}

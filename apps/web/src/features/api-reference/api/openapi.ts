import { useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, apiRequest } from "../../../lib/api-client.ts";

const ZSchema: z.ZodType<Record<string, unknown>> = z.record(z.string(), z.unknown());

const ZParameter = z.object({ name: z.string(), in: z.string(), required: z.boolean().optional(), schema: ZSchema.optional(), description: z.string().optional() });
export type OpenApiParameter = z.infer<typeof ZParameter>;

const ZOperation = z.object({
  operationId: z.string().optional(),
  tags: z.array(z.string()).default([]),
  summary: z.string().optional(),
  description: z.string().optional(),
  security: z.array(ZSchema).default([]),
  "x-plan-flag": z.string().optional(),
  parameters: z.array(ZParameter).default([]),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: ZSchema.optional() })) }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional(), content: z.record(z.string(), z.object({ schema: ZSchema.optional() })).optional() })),
});
export type OpenApiOperation = z.infer<typeof ZOperation>;

/** The part of an OpenAPI 3.1 document the reference page reads. */
export const ZOpenApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  tags: z.array(z.object({ name: z.string() })).default([]),
  paths: z.record(z.string(), z.record(z.string(), ZOperation)),
  components: z.object({ schemas: z.record(z.string(), ZSchema).default({}) }).optional(),
});
export type OpenApiDocument = z.infer<typeof ZOpenApiDocument>;

export const OPENAPI_PATH = "/api/openapi.json";

/** GET /api/openapi.json: the server's own description of its routes. */
export function useOpenApiDocument() {
  return useQuery({ queryKey: ["openapi"], queryFn: ({ signal }) => apiRequest(OPENAPI_PATH, ZOpenApiDocument, { signal }), staleTime: Infinity });
}

/** What a try-it call answered: the JSON body, or the API's error. */
export interface TryItAnswer {
  ok: boolean;
  body: unknown;
}

/** Calls a GET route with the session (the app's API client), for the try-it panel. */
export function useTryGet() {
  return useMutation({
    mutationFn: async ({ path, query }: { path: string; query: Record<string, string> }): Promise<TryItAnswer> => {
      try {
        return { ok: true, body: await apiRequest(path, z.unknown(), { query }) };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false, body: { status: error.status, error: error.code, message: error.message, details: error.details } };
        throw error;
      }
    },
  });
}

import { z } from "zod";
import { ZProfile } from "../permissions.ts";

/** A user as listed for pickers (transfer, filters): no e-mail, no secrets. */
export const ZUserListItem = z.object({
  id: z.number(),
  name: z.string(),
  profile: ZProfile,
  online: z.boolean(),
  queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })),
});
export type UserListItem = z.infer<typeof ZUserListItem>;

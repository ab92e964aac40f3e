import { z } from "./zod";

export const SessionSchema = z
  .object({
    id: z.string().openapi({ description: "The Bearer credential itself; secret. Shown once." }),
    userId: z.string(),
    accountId: z.string(),
    expiresAt: z.iso.datetime().openapi({ example: "2026-12-21T09:00:00.000Z" }),
  })
  .openapi("Session");

export type SessionDto = z.infer<typeof SessionSchema>;

export function serializeSession(token: string, session: { userId: string; accountId: string; expiresAt: Date }): SessionDto {
  return { id: token, userId: session.userId, accountId: session.accountId, expiresAt: session.expiresAt.toISOString() };
}

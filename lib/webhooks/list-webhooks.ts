import "server-only";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";

const SHOWN = {
  id: true,
  url: true,
  events: true,
  description: true,
  status: true,
  failingSince: true,
  createdAt: true,
} as const;

/** The active account's endpoints, newest first (their secrets not read). */
export function listWebhooks(options: { db: TenantDb }) {
  return options.db.webhook.findMany({ select: SHOWN, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
}

/** One endpoint of the active account (its secrets not read), or 404. */
export async function getWebhookOrThrow(options: { db: TenantDb; webhookId: string }) {
  const webhook = await options.db.webhook.findFirst({ where: { id: options.webhookId }, select: SHOWN });
  if (!webhook) throw new AppError("not_found");
  return webhook;
}

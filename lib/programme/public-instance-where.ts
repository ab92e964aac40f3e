import type { Prisma } from "@prisma/client";

/**
 * The instances the public sees (the schedule, its calendar feed, a class page): of a published
 * event, open to everyone, `scheduled` or `moved`. Cancelled ones and those for groups or nobody
 * are hidden.
 */
export const PUBLIC_INSTANCE_WHERE = {
  status: { in: ["scheduled", "moved"] },
  audience: "everyone",
  event: { status: "published" },
} satisfies Prisma.InstanceWhereInput;

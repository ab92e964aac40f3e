import "server-only";
import type { Persona } from "@/lib/auth/persona";
import type { TenantDb } from "@/lib/db/tenant-db";
import { AppError } from "@/lib/errors";
import { isGuestAddress } from "./contact-label";
import { realEmail } from "./stand-in-addresses";

/** One member of the account for the dashboard's person page: 404 for a person who holds no membership here. */
export async function getPerson({ db, userId }: { db: TenantDb; userId: string }) {
  const membership = await db.membership.findFirst({
    where: { userId },
    include: { user: { include: { guardian: { select: { id: true, displayName: true } } } } },
  });
  if (!membership) throw new AppError("not_found");
  const { user } = membership;
  return {
    id: user.id,
    displayName: user.displayName,
    /** null for a person without an address (a stand-in: a walk-in's, a guest's, a dependant's). */
    email: realEmail(user.email),
    status: user.status,
    dateOfBirth: user.dateOfBirth,
    /** A dependant's guardian (decision 0038), else null. */
    guardian: user.guardian,
    /** Brought as a guest by `guardian` (not their child). */
    guest: user.guardian !== null && isGuestAddress(user.email),
    persona: membership.persona as Persona,
  };
}

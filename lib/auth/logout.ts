import "server-only";
import { db } from "@/lib/db";

/** Ends the presented session: its hash is removed from the store, so the token no longer works. */
export async function logout({ tokenHash }: { tokenHash: string }): Promise<void> {
  await db.session.deleteMany({ where: { tokenHash } });
}

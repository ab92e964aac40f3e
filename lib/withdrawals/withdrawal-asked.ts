import "server-only";
import { headers } from "next/headers";
import type { Account } from "@prisma/client";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { tenantDb, type TenantDb } from "@/lib/db/tenant-db";
import { clientIp } from "@/lib/http/client-address";
import { parseWith } from "@/lib/http/parse-input";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { withdrawalLimits } from "@/lib/rate-limit/rules";
import { Id } from "@/lib/schemas/common";
import { WithdrawalInput } from "@/lib/schemas/withdrawal";
import { z } from "@/lib/schemas/zod";
import { getMe } from "@/lib/users/get-me";
import type { WithdrawalAsked } from "./withdraw-order";

export type WithdrawStep = "preview" | "confirm";

/** What the withdrawal page's form sent, as typed. */
export type WithdrawalSent = { orderId?: string; name?: string; email?: string; receiptNumber?: string };

const MemberSent = z.object({ orderId: Id });
/** The buyer's part of POST /withdrawals's body without a session: the page names the studio. */
const BuyerSent = WithdrawalInput.options[1].omit({ accountSlug: true });

/**
 * Who asks to withdraw on the studio's page, and where the acknowledgment goes: the signed-in member
 * names one of their orders; anyone else gives their name, email and receipt number (counted per
 * client address, as POST /withdrawals counts them, before anything is looked up).
 */
export async function withdrawalAskedFrom({
  account,
  viewer,
  sent,
}: {
  account: Account;
  viewer: PersonAuth | undefined;
  sent: WithdrawalSent;
}): Promise<{ db: TenantDb; asked: WithdrawalAsked; email: string }> {
  if (viewer) {
    const { orderId } = parseWith(MemberSent, { orderId: sent.orderId });
    const me = await getMe(viewer);
    return { db: viewer.db, asked: { by: "member", userId: viewer.userId, orderId }, email: me.user.email ?? "" };
  }
  const buyer = parseWith(BuyerSent, { name: sent.name, email: sent.email, receiptNumber: sent.receiptNumber });
  await enforceRateLimits(withdrawalLimits({ clientIp: clientIp(await headers()) }));
  return { db: tenantDb(account.id), asked: { by: "buyer", ...buyer }, email: buyer.email };
}

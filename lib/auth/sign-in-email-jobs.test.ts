// The sign-in email waits beside its link (decision 0028): written with the link, its token sealed,
// sent by the jobs runner, then cleared; a link that expired first is never sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { holdJobs, startJobs } from "@/lib/jobs/wake";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox, tokenFromEmail } from "@/tests/helpers/outbox";
import { issueMagicLink } from "./issue-magic-link";
import { sendWaitingSignInEmails } from "./sign-in-email-jobs";
import { hashToken } from "./tokens";

let tenant: TestTenant;
beforeAll(async () => {
  await holdJobs(); // this file drains by hand
  tenant = await createTenant();
});
afterAll(() => startJobs());

async function issueFor(email: string) {
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const account = await db.account.findUniqueOrThrow({ where: { id: tenant.accountId } });
  return issueMagicLink({ user: { id: user.id, email, locale: user.locale }, account, returnTo: "/me" });
}

describe("the sign-in email", () => {
  it("waits with its link, the token sealed, until the runner sends it once", async () => {
    const link = await issueFor(tenant.admin.email);
    const row = await db.magicLink.findUniqueOrThrow({ where: { tokenHash: hashToken(link.token) } });
    expect(row.sealedToken).toEqual(expect.any(String));
    expect(row.sealedToken).not.toContain(link.token);
    expect(readOutbox().filter((email) => email.to === tenant.admin.email)).toEqual([]);

    expect(await sendWaitingSignInEmails()).toBe(1);
    const sent = readOutbox().filter((email) => email.to === tenant.admin.email);
    expect(sent).toHaveLength(1);
    expect(tokenFromEmail(sent[0]!)).toBe(link.token);
    expect(sent[0]!.text).toContain("returnTo=%2Fme");
    const after = await db.magicLink.findUniqueOrThrow({ where: { tokenHash: hashToken(link.token) } });
    expect(after.sealedToken).toBeNull();
    expect(after.consumedAt).toBeNull(); // still the link it was

    expect(await sendWaitingSignInEmails()).toBe(0);
  });

  it("is not sent once its link has expired", async () => {
    const before = readOutbox().length;
    const link = await issueFor(tenant.admin.email);
    await db.magicLink.update({
      where: { tokenHash: hashToken(link.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await sendWaitingSignInEmails()).toBe(0);
    expect(readOutbox()).toHaveLength(before);
  });
});

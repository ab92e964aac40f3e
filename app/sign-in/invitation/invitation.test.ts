import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { commitWaitingImports } from "@/lib/imports/import-commit-jobs";
import { holdJobs } from "@/lib/jobs/wake";
import { setLogSink } from "@/lib/log";
import { sendWaitingNoticeEmails } from "@/tests/helpers/app-drains";
import { startBackgroundWork } from "@/lib/system/start-background-work";
import { api } from "@/tests/helpers/api";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { readOutbox } from "@/tests/helpers/outbox";
import { GET } from "./route";

// The welcome email of an import signs the person in with one tap (issue 43 §5): a single-use
// invitation, 14 days, stored hashed. A used or expired one opens the studio's sign-in page with
// the person's email filled in.

const DAY = 24 * 3_600_000;
let tenant: TestTenant;
const logged: string[] = [];

beforeAll(async () => {
  startBackgroundWork(); // as the api helper would at its first request; this file drains the emails itself
  await holdJobs();
  setLogSink((line) => logged.push(line));
});
afterAll(() => setLogSink(undefined));
beforeEach(async () => {
  tenant = await createTenant();
});

/** Imports `email` as a new person, invites the import, and sends the welcome at `now`; its link. */
async function welcome(email: string, now?: Date): Promise<string> {
  const file = new TextEncoder().encode(`email,displayName\n${email},Nina Holm\n`);
  const upload = await api("POST", "/imports?kind=people", {
    token: tenant.admin.token,
    rawBody: file,
    headers: { "content-type": "text/csv" },
  });
  expect(upload.status, upload.text).toBe(201);
  expect((await api("POST", `/imports/${upload.body.id}/commit`, { token: tenant.admin.token })).status).toBe(202);
  await commitWaitingImports({ untilNoneDue: true });
  expect(await api("POST", `/imports/${upload.body.id}/invite`, { token: tenant.admin.token })).toMatchObject({
    status: 202,
    body: { queued: 1 },
  });
  await sendWaitingNoticeEmails({ now });
  const [sent] = readOutbox().filter((message) => message.to === email);
  expect(sent).toBeDefined();
  const link = sent!.text.match(/https?:\/\/\S+\/sign-in\/invitation\?\S+/)?.[0];
  expect(link, sent!.text).toBeDefined();
  return link!;
}

const open = (link: string) => GET(new Request(link));

function sessionCookie(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((header) => header.startsWith("session="));
  return cookie?.split(";")[0];
}

const signInPage = (slug: string, email: string) =>
  `${env().APP_URL}/sign-in?${new URLSearchParams({ account: slug, email, invitation: "spent" })}`;

describe("the import's welcome email", () => {
  it("signs the person in with one tap, once, and lands them on the studio's member page", async () => {
    const email = `nina-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const link = await welcome(email);
    const token = new URL(link).searchParams.get("token")!;
    expect(new URL(link).searchParams.get("account")).toBe(tenant.slug);

    const first = await open(link);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe(`${env().APP_URL}/${tenant.slug}/me`);
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");
    const cookie = sessionCookie(first);
    expect(cookie).toBeDefined();
    const me = await api("GET", "/me", { cookie: cookie! });
    expect(me).toMatchObject({
      status: 200,
      body: { user: { email, status: "active" }, account: { id: tenant.accountId } },
    });

    // used: the sign-in page of the studio, the address filled in; no session
    const second = await open(link);
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe(signInPage(tenant.slug, email));
    expect(sessionCookie(second)).toBeUndefined();

    // stored hashed: the link's token is nowhere in the table, its SHA-256 is; and it was never logged
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const stored = await db.magicLink.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: "invitation", accountId: tenant.accountId, sealedToken: null });
    expect(stored[0]!.tokenHash).not.toBe(token);
    expect(stored[0]!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(logged.filter((line) => line.includes(token))).toEqual([]);
  });

  it("lasts 14 days: one sent 13 days ago signs in, one sent 15 days ago opens the sign-in page, email filled in", async () => {
    const now = Date.now();
    const fresh = `fresh-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const freshLink = await welcome(fresh, new Date(now - 13 * DAY));
    const stale = `stale-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const staleLink = await welcome(stale, new Date(now - 15 * DAY));

    const stored = await db.magicLink.findFirstOrThrow({ where: { user: { email: fresh } } });
    expect(stored.expiresAt.getTime()).toBe(now - 13 * DAY + 14 * DAY);

    const expired = await open(staleLink);
    expect(expired.headers.get("location")).toBe(signInPage(tenant.slug, stale));
    expect(sessionCookie(expired)).toBeUndefined();
    const valid = await open(freshLink);
    expect(valid.headers.get("location")).toBe(`${env().APP_URL}/${tenant.slug}/me`);
    expect(sessionCookie(valid)).toBeDefined();
  });

  it("is no sign-in link of the API, and a made-up or mangled one opens the studio's sign-in page empty", async () => {
    const email = `api-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const link = await welcome(email);
    const token = new URL(link).searchParams.get("token")!;
    const consumed = await api("POST", "/auth/magic-links/consume", { body: { token } });
    expect(consumed.status).toBe(401);

    for (const query of [`token=not-a-token&account=${tenant.slug}`, `account=${tenant.slug}`]) {
      const response = await open(`${env().APP_URL}/sign-in/invitation?${query}`);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(
        `${env().APP_URL}/sign-in?${new URLSearchParams({ account: tenant.slug, invitation: "spent" })}`,
      );
    }
    // still unused: the API's refusal did not spend it
    expect(sessionCookie(await open(link))).toBeDefined();
  });
});

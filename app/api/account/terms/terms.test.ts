import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestTenant } from "@/tests/helpers/fixtures";

let tenant: TestTenant;

beforeEach(async () => {
  tenant = await createTenant({ name: "Sunrise Studio" });
});

const DANISH = "# Handelsbetingelser\n\nDu kan fortryde et køb af et klippekort i 14 dage.";
const ENGLISH = "# Terms of sale\n\nYou may withdraw from the purchase of a class pass within 14 days.";
const sha256 = (texts: { da: string; en: string | null }) =>
  createHash("sha256").update(JSON.stringify(texts), "utf8").digest("hex");

const publish = (body: unknown, token = tenant.admin.token) => api("PUT", "/account/terms", { token, body });

describe("PUT /account/terms", () => {
  it("publishes each text as the next version, with the fingerprint of what it says", async () => {
    const first = await publish({ da: DANISH, en: ENGLISH });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      version: 1,
      publishedAt: expect.any(String),
      sha256: sha256({ da: DANISH, en: ENGLISH }),
      da: DANISH,
      en: ENGLISH,
    });
    const second = await publish({ da: `${DANISH}\n\nTilføjet: medlemskaber.` });
    expect(second.body).toMatchObject({ version: 2, en: null });
    expect(second.body.sha256).toBe(sha256({ da: `${DANISH}\n\nTilføjet: medlemskaber.`, en: null }));
  });

  it("keeps a textarea's text as the page shows it: line breaks as LF, no trailing blank lines, an empty English text as none", async () => {
    const published = await publish({ da: "# Vilkår\r\n\r\nTekst.\r\n\r\n", en: "" });
    expect(published.body).toMatchObject({ version: 1, da: "# Vilkår\n\nTekst.", en: null });
  });

  it("takes 50,000 characters in each language, not one more, and no empty Danish text", async () => {
    const longest = "æ".repeat(50_000); // 100 kB of UTF-8 each: past the API's usual body limit
    expect((await publish({ da: longest, en: longest })).status).toBe(201);
    for (const body of [
      { da: `${longest}æ` },
      { da: DANISH, en: `${longest}æ` },
      { da: "  \n " },
      {},
      { da: DANISH, extra: 1 },
    ]) {
      const refused = await publish(body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(refused.body.error).toBe("Validation failed");
    }
    expect(await db.termsVersion.count({ where: { accountId: tenant.accountId } })).toBe(1);
  });

  it("gives publishes made at once each their own version", async () => {
    const answers = await Promise.all([1, 2, 3, 4].map((n) => publish({ da: `${DANISH} ${n}` })));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body.version).sort()).toEqual([1, 2, 3, 4]);
  });

  it("is the administrator's: a member is refused 403, no session 401", async () => {
    const member = await createMember(tenant.accountId, "attendee");
    expect((await publish({ da: DANISH }, member.token)).status).toBe(403);
    expect((await api("PUT", "/account/terms", { body: { da: DANISH } })).status).toBe(401);
    expect((await api("GET", "/account/terms", { token: member.token })).status).toBe(403);
    expect((await api("GET", "/account/terms")).status).toBe(401);
  });
});

describe("GET /account/terms", () => {
  it("lists the studio's versions newest first, and none of another studio's", async () => {
    expect((await api("GET", "/account/terms", { token: tenant.admin.token })).body).toEqual([]);
    await publish({ da: "Første udgave" });
    await publish({ da: "Anden udgave", en: "Second edition" });
    const other = await createTenant();
    await publish({ da: "Et andet studies vilkår" }, other.admin.token);

    const listed = await api("GET", "/account/terms", { token: tenant.admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((terms: { version: number; da: string }) => [terms.version, terms.da])).toEqual([
      [2, "Anden udgave"],
      [1, "Første udgave"],
    ]);
  });
});

describe("GET /accounts/{accountId}/terms", () => {
  it("answers anyone the version in force, or the one a receipt names", async () => {
    await publish({ da: "Første udgave" });
    await publish({ da: "Anden udgave", en: "Second edition" });

    const current = await api("GET", `/accounts/${tenant.accountId}/terms`);
    expect(current).toMatchObject({ status: 200, body: { version: 2, da: "Anden udgave", en: "Second edition" } });
    const first = await api("GET", `/accounts/${tenant.accountId}/terms?version=1`);
    expect(first).toMatchObject({ status: 200, body: { version: 1, da: "Første udgave", en: null } });
    expect((await api("GET", `/accounts/${tenant.accountId}/terms?version=3`)).status).toBe(404);
    expect((await api("GET", `/accounts/${tenant.accountId}/terms?version=first`)).status).toBe(400);
  });

  it("answers 404 for a studio without terms, an unknown one and a suspended one", async () => {
    expect((await api("GET", `/accounts/${tenant.accountId}/terms`)).body).toEqual({ error: "Resource not found" });
    expect((await api("GET", "/accounts/no-such-studio/terms")).status).toBe(404);
    await publish({ da: DANISH });
    await db.account.update({ where: { id: tenant.accountId }, data: { status: "suspended" } });
    expect((await api("GET", `/accounts/${tenant.accountId}/terms`)).status).toBe(404);
  });

  it("shows each studio its own terms", async () => {
    const other = await createTenant();
    await publish({ da: "Sunrise' vilkår" });
    await publish({ da: "Det andet studies vilkår" }, other.admin.token);
    expect((await api("GET", `/accounts/${other.accountId}/terms`)).body.da).toBe("Det andet studies vilkår");
    expect((await api("GET", `/accounts/${tenant.accountId}/terms`)).body.da).toBe("Sunrise' vilkår");
  });
});

// The order summary's box to accept the studio's terms of sale (issue 46 §3): there once the studio has
// published terms, required to buy, and the order keeps the version accepted.
import { isValidElement, type ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { api } from "@/tests/helpers/api";
import { createMember, createTenant, type TestMember, type TestTenant } from "@/tests/helpers/fixtures";
import { setTestPageLanguage } from "@/tests/helpers/page-language";
import { redirectOf, signInAs } from "@/tests/helpers/server-action";

vi.mock("next/headers", async () => (await import("@/tests/helpers/server-action")).nextHeaders);
vi.mock("next/cache", async () => (await import("@/tests/helpers/server-action")).nextCache);

const { buyAction } = await import("./actions");
const { acceptTermsLabel } = await import("@/components/terms/accept-terms-label");

let tenant: TestTenant;
let buyer: TestMember;
let dropIn: { id: string; prices: { id: string }[] };

beforeEach(async () => {
  tenant = await createTenant();
  buyer = await createMember(tenant.accountId, "attendee");
  const created = await api("POST", "/products", {
    token: tenant.admin.token,
    body: { type: "drop_in", name: "Drop-in", status: "active", prices: [{ amount: 15000, currency: "DKK" }] },
  });
  dropIn = created.body;
});

const publish = () => api("PUT", "/account/terms", { token: tenant.admin.token, body: { da: "# Vilkår" } });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries({ productId: dropIn.id, priceId: dropIn.prices[0]!.id, ...fields }))
    data.set(name, value);
  return data;
};

/** The link inside the label's rich text. */
function linkOf(label: unknown): ReactElement<{ href: string }> | undefined {
  const parts = Array.isArray(label) ? label : [label];
  return parts.find((part): part is ReactElement<{ href: string }> => isValidElement(part));
}

describe("the terms on the order summary", () => {
  it("asks nothing of a studio without terms", async () => {
    expect(await acceptTermsLabel({ account: { id: tenant.accountId, slug: tenant.slug } })).toBeUndefined();
    signInAs(buyer.token);
    expect(await redirectOf(buyAction(tenant.slug, form({})))).toBe(`/${tenant.slug}/me?bought=1`);
  });

  it("links the terms in force in the page's language once the studio has them", async () => {
    await publish();
    setTestPageLanguage("da");
    expect(linkOf(await acceptTermsLabel({ account: { id: tenant.accountId, slug: tenant.slug } }))?.props.href).toBe(
      `/${tenant.slug}/vilkaar`,
    );
    setTestPageLanguage("en");
    expect(linkOf(await acceptTermsLabel({ account: { id: tenant.accountId, slug: tenant.slug } }))?.props.href).toBe(
      `/${tenant.slug}/terms`,
    );
  });

  it("unticked: refused in the page's words and nothing sold", async () => {
    await publish();
    setTestPageLanguage("da");
    signInAs(buyer.token);
    expect(await buyAction(tenant.slug, form({}))).toMatchObject({
      ok: false,
      code: "validation_failed",
      error: "Sæt flueben ved, at du accepterer handelsbetingelserne, for at købe.",
    });
    expect(await db.order.count({ where: { userId: buyer.userId } })).toBe(0);
  });

  it("ticked: bought, and the order keeps the version accepted", async () => {
    await publish();
    signInAs(buyer.token);
    expect(await redirectOf(buyAction(tenant.slug, form({ acceptTerms: "on" })))).toBe(`/${tenant.slug}/me?bought=1`);
    expect(await db.order.findFirstOrThrow({ where: { userId: buyer.userId } })).toMatchObject({
      status: "paid",
      termsVersion: 1,
    });
  });
});

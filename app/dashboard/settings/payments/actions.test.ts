import { beforeEach, describe, expect, it, vi } from "vitest";
import { formData, signInAs } from "@/components/forms/testing";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { refreshStripeAccount } from "@/lib/payments/stripe/refresh-account";
import { createTenant, type TestTenant } from "@/tests/helpers/fixtures";
import { useFakeStripe } from "@/tests/helpers/stripe";
import { SALES_UNIT, useFakeMobilepay } from "@/tests/helpers/mobilepay";
import { expectLogged } from "@/tests/helpers/logs";

vi.mock("next/headers", async () => ({ cookies: (await import("@/components/forms/testing")).fakeCookies }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const {
  connectMobilepayAction,
  connectStripeAction,
  disconnectMobilepayAction,
  setDeskPaymentAction,
  setMobilepayGraceDaysAction,
  updatePaymentMethodsAction,
} = await import("./actions");

const stripe = useFakeStripe();
let tenant: TestTenant;
beforeEach(async () => {
  tenant = await createTenant();
  signInAs(tenant.admin.token);
});

const methodsOf = async (accountId: string) =>
  (await db.accountPayments.findUnique({ where: { accountId } }))?.paymentMethods ?? ["card"];

describe("payment methods action", () => {
  it("offers MobilePay when ticked and card only when not", async () => {
    expect(await updatePaymentMethodsAction(formData({ mobilepay: "on" }))).toEqual({
      ok: true,
      message: "Payment methods saved.",
    });
    expect(await methodsOf(tenant.accountId)).toEqual(["card", "mobilepay"]);
    expect((await updatePaymentMethodsAction(formData({}))).ok).toBe(true);
    expect(await methodsOf(tenant.accountId)).toEqual(["card"]);
  });

  it("refuses MobilePay for a studio pricing in USD, saving nothing", async () => {
    await db.account.update({ where: { id: tenant.accountId }, data: { currency: "USD" } });
    const state = await updatePaymentMethodsAction(formData({ mobilepay: "on" }));
    expect(state.ok).toBe(false);
    expect(state.fieldErrors?.paymentMethods).toBe("Stripe does not offer this way to pay in USD");
    expect(await methodsOf(tenant.accountId)).toEqual(["card"]);
  });
});

describe("connect action", () => {
  it("sends the administrator to Stripe's onboarding page", async () => {
    const redirected = await connectStripeAction().then(
      () => null,
      (error: { digest?: string }) => error.digest ?? "",
    );
    expect(redirected).toMatch(/^NEXT_REDIRECT;.*;https:\/\/connect\.stripe\.com\/setup\/s\/acct_fake/);
  });

  it("answers the error and stays when Stripe cannot be reached", async () => {
    stripe.fake.failWith = "Something went wrong";
    expectLogged("error", /^Stripe failed to start onboarding/);
    expect(await connectStripeAction()).toMatchObject({ ok: false, error: expect.any(String) });
  });
});

describe("refreshing the status on return from Stripe", () => {
  it("stores what Stripe says of the connected account", async () => {
    await connectStripeAction().catch(() => undefined);
    const { stripeAccountId } = await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
    const account = stripe.fake.accounts.get(stripeAccountId!)!;
    Object.assign(account, {
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { disabled_reason: null },
    });
    await refreshStripeAccount({ db: tenantDb(tenant.accountId) });
    expect(await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } })).toMatchObject({
      stripeStatus: "active",
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
    });
  });
});

describe("take payment at the desk", () => {
  const deskOf = async (accountId: string) =>
    (await db.accountPayments.findUnique({ where: { accountId } }))?.takesPaymentAtDesk ?? false;

  it("records the choice for this studio only, and takes it back", async () => {
    const other = await createTenant();
    expect(await setDeskPaymentAction(formData({ takesPaymentAtDesk: "on" }))).toEqual({
      ok: true,
      message: "Saved: you take payment at the desk.",
    });
    expect(await deskOf(tenant.accountId)).toBe(true);
    expect(await deskOf(other.accountId)).toBe(false);
    expect(await setDeskPaymentAction(formData({}))).toEqual({
      ok: true,
      message: "Saved: you do not take payment at the desk.",
    });
    expect(await deskOf(tenant.accountId)).toBe(false);
  });
});

describe("MobilePay sales unit actions", () => {
  useFakeMobilepay();
  const keys = { ...SALES_UNIT, merchantSerialNumber: " 123456 " };
  const row = async () => db.accountPayments.findUnique({ where: { accountId: tenant.accountId } });

  it("connects with the keys sealed (test mode when ticked) and disconnects", async () => {
    expect(await connectMobilepayAction(formData({ ...keys, testMode: "on" }))).toEqual({
      ok: true,
      message: "MobilePay is connected.",
    });
    expect(await row()).toMatchObject({
      mobilepayStatus: "connected",
      mobilepayTestMode: true,
      mobilepayMerchantSerialNumber: "123456",
    });
    expect((await row())!.mobilepayCredentials).not.toContain(SALES_UNIT.clientSecret);
    expect((await connectMobilepayAction(formData(keys))).ok).toBe(true);
    expect((await row())!.mobilepayTestMode).toBe(false);
    expect(await disconnectMobilepayAction(formData({}))).toEqual({ ok: true, message: "MobilePay is disconnected." });
    expect(await row()).toMatchObject({ mobilepayStatus: "not_connected", mobilepayCredentials: null });
  });

  it("answers each missing or malformed key on its field, saving nothing", async () => {
    const state = await connectMobilepayAction(formData({ ...keys, merchantSerialNumber: "abc", clientSecret: "" }));
    expect(state.ok).toBe(false);
    expect(Object.keys(state.fieldErrors ?? {}).sort()).toEqual(["clientSecret", "merchantSerialNumber"]);
    expect((await row())?.mobilepayStatus ?? "not_connected").toBe("not_connected");
  });
});

describe("MobilePay grace days action", () => {
  it("saves 0 to 60 days and answers anything else on its field, saving nothing", async () => {
    expect(await setMobilepayGraceDaysAction(formData({ mobilepayGraceDays: "14" }))).toEqual({
      ok: true,
      message: "The grace period is saved.",
    });
    for (const bad of ["61", "-1", "two"]) {
      const answer = await setMobilepayGraceDaysAction(formData({ mobilepayGraceDays: bad }));
      expect(answer.ok).toBe(false);
    }
    const row = await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
    expect(row.mobilepayGraceDays).toBe(14);
  });
});

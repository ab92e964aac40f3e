// PAYMENTS_PROVIDER=stripe for one test file, with the Stripe library's HTTP client replaced by a fake
// (no network; a fresh one for each test), webhook deliveries signed with the library's own
// test-header helper, and studios connected to Stripe through the routes (onboarding, then the
// connected account's `account.updated`).
import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { db } from "@/lib/db";
import { resetEnvCache } from "@/lib/env";
import { useStripeHttpClient } from "@/lib/payments/stripe/client";
import { FakeStripeHttpClient } from "@/lib/payments/testing/fake-stripe-http-client";
import { api, type ApiResponse } from "./api";
import type { TestTenant } from "./fixtures";

export const WEBHOOK_SECRET = "whsec_test_platform_secret";
export const CONNECT_WEBHOOK_SECRET = "whsec_test_connect_secret";
export const PLATFORM_FEE_PERCENT = 2.5;
export const STRIPE_ENV = {
  PAYMENTS_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
  PLATFORM_FEE_PERCENT: String(PLATFORM_FEE_PERCENT),
};

/**
 * Sets the Stripe settings for this file (call at its top, before hooks that create tenants) and
 * answers the current fake: `stripe.fake` is a new one in each test and in beforeAll.
 */
export function useFakeStripe(): { readonly fake: FakeStripeHttpClient } {
  const state = { fake: new FakeStripeHttpClient() };
  beforeAll(() => {
    Object.assign(process.env, STRIPE_ENV);
    resetEnvCache();
    useStripeHttpClient(state.fake);
  });
  beforeEach(() => {
    state.fake = new FakeStripeHttpClient();
    useStripeHttpClient(state.fake);
  });
  afterAll(() => {
    for (const name of Object.keys(STRIPE_ENV)) delete process.env[name];
    resetEnvCache();
    useStripeHttpClient(undefined);
  });
  return state;
}

export const eventId = () => `evt_${randomUUID().replaceAll("-", "")}`;

/** A Stripe Event around `object`; `account` makes it a connected account's. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { id = eventId(), account }: { id?: string; account?: string } = {},
) {
  return {
    id,
    object: "event",
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    ...(account ? { account } : {}),
    data: { object },
  };
}

type DeliveryOptions = {
  /** `platform`: POST /payments/stripe/webhook (default); `connect`: POST /payments/stripe/connect-webhook. */
  endpoint?: "platform" | "connect";
  /** Signs with this secret instead of the endpoint's. */
  secret?: string;
  /** This Stripe-Signature header instead of a valid one; null sends none. */
  signature?: string | null;
  /** Sends these bytes instead of the signed ones. */
  payload?: string;
  /** Signs as of this Unix time. */
  timestamp?: number;
};

/** Delivers `event` to a webhook endpoint, signed as Stripe signs it. */
export function deliverStripeEvent(event: unknown, options: DeliveryOptions = {}): Promise<ApiResponse> {
  const connect = options.endpoint === "connect";
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? (connect ? CONNECT_WEBHOOK_SECRET : WEBHOOK_SECRET),
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        })
      : options.signature;
  const headers: Record<string, string> = signature === null ? {} : { "stripe-signature": signature };
  const path = connect ? "/payments/stripe/connect-webhook" : "/payments/stripe/webhook";
  return api("POST", path, { rawBody: options.payload ?? payload, headers });
}

/** A connected account as Stripe describes it once onboarding is done (`active`), or otherwise. */
export function stripeAccount(
  id: string,
  facts: {
    details_submitted?: boolean;
    charges_enabled?: boolean;
    payouts_enabled?: boolean;
    disabled_reason?: string | null;
  } = {},
) {
  return {
    id,
    object: "account",
    type: "standard",
    details_submitted: facts.details_submitted ?? true,
    charges_enabled: facts.charges_enabled ?? true,
    payouts_enabled: facts.payouts_enabled ?? true,
    requirements: { disabled_reason: facts.disabled_reason ?? null },
  };
}

/**
 * Connects `tenant` to Stripe as its administrator would: POST /account/payments/stripe/onboarding
 * makes its connected account (through the fake), then the account's `account.updated` arrives on
 * the Connect webhook saying it can take payments. Answers the connected account's id.
 */
export async function connectStudio(tenant: TestTenant): Promise<string> {
  const onboarding = await api("POST", "/account/payments/stripe/onboarding", { token: tenant.admin.token });
  expect(onboarding.status, JSON.stringify(onboarding.body)).toBe(201);
  const { stripeAccountId } = await db.accountPayments.findUniqueOrThrow({ where: { accountId: tenant.accountId } });
  const updated = await deliverStripeEvent(
    stripeEvent("account.updated", stripeAccount(stripeAccountId!), { account: stripeAccountId! }),
    {
      endpoint: "connect",
    },
  );
  expect(updated.status).toBe(200);
  return stripeAccountId!;
}

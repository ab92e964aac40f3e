import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";

const holder = globalThis as typeof globalThis & {
  __studioStripe?: { key: string; httpClient: Stripe.HttpClient | undefined; client: Stripe };
  __studioStripeHttpClient?: Stripe.HttpClient;
};

/**
 * Test seam: the HTTP client the Stripe library sends its requests through (a fake that answers
 * without network in tests). `undefined` restores the library's own Node client.
 */
export function useStripeHttpClient(httpClient: Stripe.HttpClient | undefined): void {
  holder.__studioStripeHttpClient = httpClient;
}

/** The Stripe API client, built from STRIPE_SECRET_KEY. */
export function stripeClient(): Stripe {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) throw new Error("PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY");
  const httpClient = holder.__studioStripeHttpClient;
  const cached = holder.__studioStripe;
  if (cached && cached.key === key && cached.httpClient === httpClient) return cached.client;
  const client = new Stripe(key, {
    ...(httpClient ? { httpClient } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "studio-booking" },
  });
  holder.__studioStripe = { key, httpClient, client };
  return client;
}

/** Webhook signatures need no API key: only STRIPE_WEBHOOK_SECRET. */
export function stripeWebhooks(): Stripe.Webhooks {
  return Stripe.webhooks;
}

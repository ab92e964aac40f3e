import "server-only";
import { env } from "@/lib/env";
import type { MobilepayCredentials } from "./credentials";

// A thin client of Vipps MobilePay's APIs over fetch. Not @vippsmobilepay/sdk: its base URL is fixed
// to their two hosts, and the fake API (tests/fakes/vipps-mobilepay.ts) must be reachable by URL
// from tests and from `next dev` in the end-to-end journey, where no fetch can be patched.

export type SalesUnit = MobilepayCredentials & { merchantSerialNumber: string; testMode: boolean };

/** Vipps MobilePay answered 401/403: the sales unit's keys are wrong or revoked. */
export class MobilepayKeysRefused extends Error {
  override name = "MobilepayKeysRefused";
}

/** Vipps MobilePay could not be reached or answered 5xx. */
export class MobilepayUnavailable extends Error {
  override name = "MobilepayUnavailable";
}

/** Vipps MobilePay answered 404: it knows no such agreement or charge (of this sales unit). */
export class MobilepayNotFound extends Error {
  override name = "MobilepayNotFound";
}

/** Their API's host for the sales unit: MOBILEPAY_API_URL when set (the fake), else test or production. */
export function mobilepayBaseUrl(testMode: boolean): string {
  return env().MOBILEPAY_API_URL ?? (testMode ? "https://apitest.vipps.no" : "https://api.vipps.no");
}

const SYSTEM_HEADERS = { "Vipps-System-Name": "studio-booking", "Vipps-System-Version": "1" };

/** An access token of the Access Token API (POST /accesstoken/get); proves the keys. */
export async function mobilepayAccessToken(unit: SalesUnit): Promise<string> {
  const response = await send(`${mobilepayBaseUrl(unit.testMode)}/accesstoken/get`, {
    method: "POST",
    headers: {
      ...SYSTEM_HEADERS,
      client_id: unit.clientId,
      client_secret: unit.clientSecret,
      "Ocp-Apim-Subscription-Key": unit.subscriptionKey,
      "Merchant-Serial-Number": unit.merchantSerialNumber,
    },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A call of their API as the sales unit; JSON in and out (null for 204). */
export async function mobilepayRequest<T>(
  unit: SalesUnit,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  path: string,
  { body, idempotencyKey }: { body?: unknown; idempotencyKey?: string } = {},
): Promise<T> {
  const token = await mobilepayAccessToken(unit);
  const response = await send(`${mobilepayBaseUrl(unit.testMode)}${path}`, {
    method,
    headers: {
      ...SYSTEM_HEADERS,
      Authorization: `Bearer ${token}`,
      "Ocp-Apim-Subscription-Key": unit.subscriptionKey,
      "Merchant-Serial-Number": unit.merchantSerialNumber,
      "Content-Type": "application/json",
      ...(idempotencyKey && { "Idempotency-Key": idempotencyKey }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (response.status === 204 ? null : await response.json()) as T;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new MobilepayUnavailable("Vipps MobilePay could not be reached");
  }
  if (response.status === 401 || response.status === 403) throw new MobilepayKeysRefused("Keys refused");
  if (response.status === 404) throw new MobilepayNotFound("Vipps MobilePay answered 404");
  if (!response.ok) {
    const detail = response.status >= 500 ? MobilepayUnavailable : Error;
    throw new detail(`Vipps MobilePay answered ${response.status}`);
  }
  return response;
}

import "server-only";
import type { ApiKeyAuth } from "@/lib/auth/authenticate-credential";
import { enforceRateLimits } from "@/lib/rate-limit/enforce-rate-limits";
import { apiKeyLimits } from "@/lib/rate-limit/rules";
import { touchApiKey } from "./touch-api-key";

/**
 * What every request made with an API key passes before its route acts: the key's rate limit
 * (429 `Too many requests` with `Retry-After`), then its lastUsedAt.
 */
export async function admitApiKey(auth: ApiKeyAuth): Promise<void> {
  await enforceRateLimits(apiKeyLimits({ apiKeyId: auth.apiKeyId }));
  await touchApiKey({ db: auth.db, apiKeyId: auth.apiKeyId });
}

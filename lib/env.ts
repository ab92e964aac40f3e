import "server-only";
import { parseEnvironment, type Env } from "./env-schema";

// The one place that reads process.env (through ./env-schema.ts). Parsed on first use so that
// scripts and tests can set the environment before anything touches it.
export type { Env };

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnvironment(process.env);
  return cached;
}

/** Tests change the environment between cases; production never calls this. */
export function resetEnvCache(): void {
  cached = undefined;
}

/**
 * NextAuth v4 takes its public origin from process.env.NEXTAUTH_URL and nowhere else; the web
 * sign-in (lib/http/nextauth-route.ts) derives it from APP_URL before each call, so APP_URL stays
 * the one setting.
 */
export function setNextAuthUrlFromAppUrl(): void {
  process.env.NEXTAUTH_URL = `${env().APP_URL}/api/auth`;
}

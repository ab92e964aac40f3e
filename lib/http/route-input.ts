import "server-only";
import type { NextRequest } from "next/server";
import type { z } from "zod";
import { admitApiKey } from "@/lib/api-keys/admit-api-key";
import { looksLikeApiKeySecret } from "@/lib/api-keys/api-key-secret";
import {
  authenticateCredential,
  type Auth,
  type Credential,
  type ApiKeyAuth,
  type PersonAuth,
} from "@/lib/auth/authenticate-credential";
import { isStaff } from "@/lib/auth/instance-permission";
import { hashToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";
import { assertNotCrossOrigin, assertSameOrigin, authenticate, presentedCredential } from "./authenticate";
import { parseBody, parsePathParams, parseQuery } from "./parse-input";

/**
 * `credential`: a session must be presented, and the handler's own statement checks it (one round
 * trip for a hot path, as `POST /bookings` does with book_instance). The route still answers 401 for
 * no credential, and authenticates first whenever it refuses the request for anything else (a
 * cross-origin cookie write, bad input), so 401 keeps its precedence as on every route.
 *
 * `staff`: an administrator or a teacher; which classes a teacher may act on is the domain's
 * question (lib/auth/instance-permission.ts), asked once the class is found.
 *
 * An API key authenticates as an administrator of its account (decision 0021); every request with
 * one passes its rate limit first. `personOnly: true` says the operation is a person's own (their
 * profile, session, purchases): a key answers 403 there, and the handler's `auth` is a PersonAuth.
 */
export type AuthLevel = "none" | "optional" | "member" | "staff" | "admin" | "credential";
export type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

export type RouteConfig<A extends AuthLevel, P, Q, B, K extends boolean = false> = {
  /** The contract's row: "METHOD /path/{param}". Also the key of logs and metrics. */
  operation: string;
  auth: A;
  /** A person's own operation: an API key is refused with 403 (decision 0021). */
  personOnly?: K;
  /** A write without credentials that browsers of other sites must not send: 403 for a foreign Origin. */
  sameOriginOnly?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** A body larger than the default 100 kB this operation takes (413 past it). */
  maxBodyBytes?: number;
};

/** A presented session credential that nothing has checked yet (auth level `credential`). */
export type UncheckedCredential = Credential & { tokenHash: string };

type AuthOf<K> = K extends true ? PersonAuth : Auth;

export type HandlerInput<A extends AuthLevel, P, Q, B, K extends boolean = false> = {
  /** Level `credential`: set only when the route resolved the credential up front (an API key's). */
  auth: A extends "member" | "staff" | "admin" ? AuthOf<K> : AuthOf<K> | undefined;
  credential: A extends "credential" ? UncheckedCredential : undefined;
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  request: NextRequest;
};

export type NextContext = { params: Promise<Record<string, string | string[]>> };

/** A handler's input: the request authenticated and authorized at the route's level, its inputs parsed. */
export async function prepareRouteInput<
  A extends AuthLevel,
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
  K extends boolean,
>(
  config: RouteConfig<A, P, Q, B, K>,
  request: NextRequest,
  context: NextContext | undefined,
): Promise<HandlerInput<A, P, Q, B, K>> {
  if (config.auth === "credential") {
    return (await prepareUnchecked(config, request, context)) as HandlerInput<A, P, Q, B, K>;
  }
  if (config.sameOriginOnly) assertNotCrossOrigin(request);
  const auth = config.auth === "none" ? undefined : await authenticate(request);
  if (auth?.kind === "api_key") await admitApiKeyTo(config, auth);
  if (config.auth === "member" || config.auth === "staff" || config.auth === "admin") {
    if (!auth) throw new AppError("authentication_required");
    if (config.auth === "admin" && auth.persona !== "administrator") throw new AppError("insufficient_permission");
    if (config.auth === "staff" && !isStaff(auth.persona)) throw new AppError("insufficient_permission");
  }
  if (auth?.kind === "person") assertSameOrigin(request, auth.session.via);
  return { auth, credential: undefined, ...(await parseInputs(config, request, context)) } as HandlerInput<
    A,
    P,
    Q,
    B,
    K
  >;
}

/** A key's rate limit and lastUsedAt, then 403 on a person's own operation. */
async function admitApiKeyTo(config: { personOnly?: boolean }, auth: ApiKeyAuth): Promise<void> {
  await admitApiKey(auth);
  if (config.personOnly) throw new AppError("insufficient_permission");
}

/**
 * Auth level `credential`: the presented credential, unchecked, with the parsed inputs. A key's
 * secret is resolved up front all the same, for its rate limit and lastUsedAt; the handler's
 * statement checks it again.
 */
async function prepareUnchecked(
  config: { params?: Schema; query?: Schema; body?: Schema; personOnly?: boolean; maxBodyBytes?: number },
  request: NextRequest,
  context: NextContext | undefined,
) {
  const credential = presentedCredential(request);
  if (!credential) throw new AppError("authentication_required");
  const auth = looksLikeApiKeySecret(credential.token) ? await authenticateCredential(credential) : undefined;
  if (auth?.kind === "api_key") await admitApiKeyTo(config, auth);
  try {
    assertSameOrigin(request, credential.via);
    const inputs = await parseInputs(config, request, context);
    return { auth, credential: { ...credential, tokenHash: hashToken(credential.token) }, ...inputs };
  } catch (refusal) {
    if (!auth) await authenticateCredential(credential); // an unknown session is 401 before anything else
    throw refusal;
  }
}

async function parseInputs<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined>(
  config: { params?: P; query?: Q; body?: B; maxBodyBytes?: number },
  request: NextRequest,
  context: NextContext | undefined,
) {
  const params = config.params ? parsePathParams(config.params, (await context?.params) ?? {}) : undefined;
  const query = config.query ? parseQuery(config.query, request) : undefined;
  const body = config.body ? await parseBody(config.body, request, config.maxBodyBytes) : undefined;
  return { params, query, body, request };
}

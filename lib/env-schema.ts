import { z } from "zod";
import { compileProxyTrust } from "./http/client-address";

// The settings the environment may hold, their checks and defaults: read through lib/env.ts by the
// app, and by our HTTP server (scripts/next-server.ts), which runs outside Next's bundles and so
// cannot import that module (it is server-only).
const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** Milliseconds a request may wait for a database connection before it is answered 503. */
  DATABASE_POOL_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** Requests one process serves at once; more are answered 503 with Retry-After before routing (lib/http/admission.ts). */
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().positive().default(128),
  /** Open connections one process keeps; a request on a connection past them is answered 503 and the connection closed. */
  MAX_OPEN_CONNECTIONS: z.coerce.number().int().positive().default(1024),
  /** Booking transactions of one instance that one process runs at once (lib/bookings/instance-gate.ts). */
  BOOKING_TRANSACTIONS_PER_INSTANCE: z.coerce.number().int().positive().default(2),
  /** Imports one process reads, commits or checks again at once; a few more wait (lib/imports/import-gate.ts). */
  IMPORTS_AT_ONCE: z.coerce.number().int().positive().default(2),
  DATA_DIR: z.string().default("./.data"),
  APP_URL: z.string().url().optional(),
  DEMO_MODE: booleanFlag.default(false),
  EMAIL_TRANSPORT: z.enum(["outbox", "resend", "log"]).default("outbox"),
  EMAIL_OUTBOX_DIR: z.string().optional(),
  EMAIL_FROM: z.string().default("Studio Booking <no-reply@studio-booking.local>"),
  RESEND_API_KEY: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(["demo", "stripe"]).default("demo"),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Signing secret of the Connect webhook endpoint (POST /payments/stripe/connect-webhook): studios' accounts' events. */
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The platform's share of each Stripe payment, in percent (0–100, two decimals): the application fee. */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(0),
  /** Dinero's API (decision 0042): its base URL and its token endpoint; tests point both at a fake. */
  DINERO_API_URL: z.string().url().default("https://api.dinero.dk"),
  DINERO_TOKEN_URL: z.string().url().default("https://authz.dinero.dk/dineroapi/oauth/token"),
  AUTH_SECRET: z.string().min(16).default("development-secret-change-me-in-production"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  RATE_LIMIT_MAGIC_LINK_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_MAGIC_LINK_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_SIGNUP_PER_IP: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_REGISTRATION_PER_EMAIL: z.coerce.number().int().positive().default(5),
  RATE_LIMIT_REGISTRATION_PER_IP: z.coerce.number().int().positive().default(300),
  /** Wrong gift card codes one client IP may try per window (checkout, quote and the balance lookup together). */
  RATE_LIMIT_GIFT_CARD_GUESSES_PER_IP: z.coerce.number().int().positive().default(10),
  /** Proxies whose X-Forwarded-For is believed (lib/http/client-address.ts); empty: none. */
  TRUSTED_PROXIES: z
    .string()
    .default("")
    .superRefine((value, context) => {
      try {
        compileProxyTrust(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
      }
    }),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Requests one API key may make per minute (decision 0021). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Encrypts webhook signing secrets at rest (AES-256-GCM, key = its SHA-256; decision 0023). */
  WEBHOOK_SECRET_KEY: z.string().min(16).default("development-webhook-key-change-me-in-production"),
  /** Allows `http` and loopback/private webhook URLs: local development and tests only. */
  WEBHOOK_ALLOW_PRIVATE_URLS: booleanFlag.default(false),
  /** Vipps MobilePay's API instead of its test or production host: the fake in tests and the demo only. */
  MOBILEPAY_API_URL: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema> & { APP_URL: string; EMAIL_OUTBOX_DIR: string };

/** The settings of `source` (process.env), defaults applied; throws naming every setting that is wrong. */
export function parseEnvironment(source: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const value = parsed.data;
  return {
    ...value,
    APP_URL: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
    EMAIL_OUTBOX_DIR: value.EMAIL_OUTBOX_DIR ?? `${value.DATA_DIR}/outbox`,
  };
}

import "server-only";
import { authenticateCredential, type PersonAuth } from "@/lib/auth/authenticate-credential";
import { isStaff } from "@/lib/auth/instance-permission";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { getProductOrThrow } from "@/lib/commerce/get-product-or-throw";
import { AppError } from "@/lib/errors";
import { findInstanceWithEvent } from "@/lib/programme/find-instance-with-event";
import { getPublicInstanceOrThrow } from "@/lib/programme/get-public-instance";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { getPerson } from "@/lib/users/get-person";
import { getWebhookOrThrow } from "@/lib/webhooks/list-webhooks";
import { studioSlugOf } from "./request-locale";

type Cookies = { get(name: string): { value: string } | undefined };

/** The records the dashboard shows one of: `/dashboard/<section>/<id>`, each found as its page finds it. */
const DASHBOARD_RECORDS: Record<string, (viewer: PersonAuth, id: string) => Promise<unknown>> = {
  products: (viewer, productId) => getProductOrThrow({ db: viewer.db, productId }),
  users: (viewer, userId) => getPerson({ db: viewer.db, userId }),
  webhooks: (viewer, webhookId) => getWebhookOrThrow({ db: viewer.db, webhookId }),
  classes: async (viewer, instanceId) =>
    (await findInstanceWithEvent({ db: viewer.db, instanceId })) ?? Promise.reject(new AppError("not_found")),
};

// Records have UUIDs: another segment there is a page of its own (`/dashboard/products/new`), or the page's 404.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a page names a studio, a class or a dashboard record that is not there for this visitor:
 * the same lookups (and the same 404) as the page's own. proxy.ts then has Next render the
 * not-found page on the server. A page that calls notFound() itself gets a 404 whose HTML is an
 * empty shell in Next 16 (its message only in the client payload): nothing to read without
 * JavaScript. Anything else (signed out, the database unreachable) is left to the page.
 */
export async function isMissingPage(pathname: string, cookies: Cookies): Promise<boolean> {
  try {
    const [, first, section, id, ...rest] = pathname.split("/");
    if (first === "dashboard") {
      const find = section !== undefined && Object.hasOwn(DASHBOARD_RECORDS, section) ? DASHBOARD_RECORDS[section] : undefined;
      if (!find || !id || !UUID.test(id) || rest.length > 0) return false;
      const viewer = await staffViewer(cookies);
      // Only the people the page would show it to; the page sends a teacher home from an administrator's page.
      if (viewer && (section === "classes" || viewer.persona === "administrator")) await find(viewer, id);
      return false;
    }
    const slug = studioSlugOf(pathname);
    if (!slug) return false;
    if (section === "classes" && id && rest.length === 0)
      await getPublicInstanceOrThrow({ slug, instanceId: decodeURIComponent(id) });
    else await getPublicAccountOrThrow({ slug });
    return false;
  } catch (error) {
    return error instanceof AppError && error.code === "not_found";
  }
}

/** The signed-in staff member of the session cookie (as lib/web/viewer.ts reads it), if any. */
async function staffViewer(cookies: Cookies): Promise<PersonAuth | undefined> {
  const token = cookies.get(SESSION_COOKIE)?.value ?? cookies.get(DEMO_SESSION_COOKIE)?.value;
  if (!token) return undefined;
  const auth = await authenticateCredential({ token, via: "cookie" }).catch(() => undefined);
  return auth?.kind === "person" && isStaff(auth.persona) ? auth : undefined;
}

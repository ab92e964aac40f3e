import "server-only";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { getViewer } from "./viewer";

/**
 * The signed-in person when their session is for the studio of `slug` (a member acting on a studio's
 * public pages); undefined for nobody, an unknown or suspended studio, or someone signed in elsewhere.
 */
export async function studioMember(slug: unknown): Promise<PersonAuth | undefined> {
  const params = SlugParams.safeParse({ slug });
  if (!params.success) return undefined;
  const [viewer, account] = await Promise.all([
    getViewer(),
    getPublicAccountOrThrow(params.data).catch(() => undefined),
  ]);
  return viewer && account && viewer.accountId === account.id ? viewer : undefined;
}

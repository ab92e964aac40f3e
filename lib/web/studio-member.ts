import "server-only";
import type { Account } from "@prisma/client";
import { cache } from "react";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { SlugParams } from "@/lib/schemas/demo";
import { getPublicAccountOrThrow } from "@/lib/system/get-public-account-or-throw";
import { getViewer } from "./viewer";

/** The active studio of `slug`, looked up once per request (a page, its metadata and studioMember share it). */
export const publicStudio = cache((slug: string): Promise<Account> => getPublicAccountOrThrow({ slug }));

/**
 * The one way to find the member of a studio's own site: the signed-in person when their session is
 * for the studio of `slug` (a member acting on its public pages, or a page shown to them); undefined
 * for nobody, an unknown or suspended studio, or someone signed in to another studio (signed out here).
 */
export async function studioMember(slug: unknown): Promise<PersonAuth | undefined> {
  const params = SlugParams.safeParse({ slug });
  if (!params.success) return undefined;
  const [viewer, account] = await Promise.all([getViewer(), publicStudio(params.data.slug).catch(() => undefined)]);
  return viewer && account && viewer.accountId === account.id ? viewer : undefined;
}

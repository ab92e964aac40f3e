import "server-only";
import type { Account } from "@prisma/client";
import { notFound } from "next/navigation";
import { AppError } from "@/lib/errors";
import { publicStudio } from "@/lib/web/studio-member";

/** Runs a page's loads; the lib's 404 (unknown or suspended studio) becomes Next's not-found page. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
}

/** The studio of a page, once per request (metadata, page and studioMember share it). */
export const getPublicStudio = (slug: string): Promise<Account> => orNotFound(publicStudio(slug));

export type StudioFormat = { zone: string; locale: string; currency: string };

export function studioFormat(account: Account): StudioFormat {
  return { zone: account.timezone, locale: account.locale, currency: account.currency };
}

/** The studio's sign-in page (sign in or create a profile), returning to `returnTo` (a path of this site) afterwards. */
export function signInHref(slug: string, returnTo?: string): string {
  const back = returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : "";
  return `/sign-in?account=${encodeURIComponent(slug)}${back}`;
}

"use server";
import { cookies } from "next/headers";
import { isLocale, LOCALE_COOKIE } from "@/lib/i18n/locales";
import { updateMyProfile } from "@/lib/users/update-my-profile";
import { getViewer } from "./viewer";

const A_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The language switcher's action: remembers a visitor's choice in a cookie, and a signed-in
 * person's as their own (what PATCH /me sets), so that it follows them to other devices and emails.
 */
export async function chooseLanguage(formData: FormData): Promise<void> {
  const locale = formData.get("locale");
  if (!isLocale(locale)) return;
  const store = await cookies();
  store.set(LOCALE_COOKIE, locale, { path: "/", sameSite: "lax", httpOnly: true, maxAge: A_YEAR_SECONDS });
  const viewer = await getViewer();
  if (viewer) await updateMyProfile({ userId: viewer.userId, locale });
}

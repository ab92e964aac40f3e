"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { getTranslations } from "next-intl/server";
import { logout } from "@/lib/auth/logout";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { bookInstance } from "@/lib/bookings/book-instance";
import { bookGuest } from "@/lib/households/book-guest";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { claimOffer } from "@/lib/bookings/claim-offer";
import { createStandingBooking } from "@/lib/bookings/create-standing-booking";
import { stopStandingBooking } from "@/lib/bookings/stop-standing-booking";
import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { startCheckout } from "@/lib/commerce/start-checkout";
import { AppError, type ErrorCode } from "@/lib/errors";
import { errorMessageIn } from "@/lib/i18n/error-messages";
import { pageLanguage } from "@/lib/i18n/page-language";
import { BookingParams, CreateBookingInput } from "@/lib/schemas/booking";
import { SlugParams } from "@/lib/schemas/demo";
import { CreateStandingBookingInput, StandingBookingParams } from "@/lib/schemas/standing-booking";
import { EntitlementIdParams } from "@/lib/schemas/entitlement";
import { CheckoutInput } from "@/lib/schemas/order";
import { safeReturnTo } from "@/lib/web/return-to";
import { studioMember } from "@/lib/web/studio-member";
import { getViewer } from "@/lib/web/viewer";

/** What a booking button shows after its action: on failure, the API's error in the page's language. */
export type ActionResult = { ok: true; message: string } | { ok: false; error: string };

const fail = async (code: ErrorCode): Promise<ActionResult> => ({
  ok: false,
  error: errorMessageIn(await pageLanguage(), code),
});

/** Runs a domain operation; an AppError becomes its message in the page's language, anything else stays an error. */
async function attempt(run: () => Promise<string>): Promise<ActionResult> {
  try {
    return { ok: true, message: await run() };
  } catch (error) {
    if (error instanceof AppError) return fail(error.code);
    throw error;
  }
}

/**
 * Book (or join the waitlist of) an instance: POST /bookings's own function and checks; for the
 * viewer, one of their dependants (`attendeeId`), or a guest they bring (`guest`).
 */
export async function bookAction(
  slug: string,
  input: {
    instanceId: string;
    waitlist?: boolean;
    attendeeId?: string;
    guest?: { displayName: string; email?: string };
  },
): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const body = CreateBookingInput.safeParse({
    instanceId: input?.instanceId,
    waitlist: input?.waitlist === true || undefined,
    attendeeId: input?.attendeeId || undefined,
    guest: input?.guest ? { displayName: input.guest.displayName, email: input.guest.email || undefined } : undefined,
  });
  if (!body.success) return fail("validation_failed");
  const t = await getTranslations("BookingResult");
  const { guest, ...own } = body.data;
  const result = await attempt(async () => {
    const booking = guest
      ? await bookGuest({ host: viewer, tokenHash: viewer.session.tokenHash, input: { ...own, guest } })
      : await bookInstance({ tokenHash: viewer.session.tokenHash, input: own });
    return booking.status === "waitlisted" ? t("waitlisted") : t("booked");
  });
  if (result.ok) revalidatePath(`/${slug}`, "layout");
  return result;
}

/** Cancel one's own booking: DELETE /bookings/{bookingId}'s own function. */
export async function cancelAction(slug: string, bookingId: string): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const params = BookingParams.safeParse({ bookingId });
  if (!params.success) return fail("not_found");
  const t = await getTranslations("BookingResult");
  const result = await attempt(async () => {
    const booking = await cancelBooking({
      db: viewer.db,
      accountId: viewer.accountId,
      actor: viewer,
      bookingId: params.data.bookingId,
    });
    if (booking.status === "late_cancelled") return t("lateCancelled");
    return booking.entitlementId ? t("cancelledCreditBack") : t("cancelled");
  });
  if (result.ok) revalidatePath(`/${slug}`, "layout");
  return result;
}

/** Claim the place offered to a waitlisted booking (decision 0039): POST /bookings/{id}/claim's own function. */
export async function claimOfferAction(slug: string, bookingId: string): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const params = BookingParams.safeParse({ bookingId });
  if (!params.success) return fail("not_found");
  const t = await getTranslations("BookingResult");
  const result = await attempt(async () => {
    await claimOffer({ db: viewer.db, accountId: viewer.accountId, actor: viewer, bookingId: params.data.bookingId });
    return t("claimed");
  });
  if (!result.ok) return result;
  revalidatePath(`/${slug}`, "layout");
  // The offer's block (and its button) is gone once the place is hers: the page says it instead.
  redirect(`/${encodeURIComponent(slug)}/me?claimed=1`);
}

/**
 * Buy a product at one price: POST /checkout's own function. Demo: paid at once, then back to
 * `returnTo` (the class the member came from, with `bought=1`) or My bookings; Stripe: off to its
 * Checkout page, whose success address is that same place.
 */
export async function buyAction(
  slug: string,
  input: {
    productId: string;
    priceId: string;
    promoCode?: string;
    returnTo?: string;
    forUserId?: string;
    paymentMethod?: "card" | "mobilepay";
  },
): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const body = CheckoutInput.safeParse({
    productId: input?.productId,
    priceId: input?.priceId,
    ...(input?.promoCode ? { promoCode: input.promoCode } : {}),
    ...(input?.forUserId ? { forUserId: input.forUserId } : {}),
    ...(input?.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
  });
  if (!body.success) return fail("validation_failed");
  const tBuy = await getTranslations("BuyResult");
  const returnPath = safeReturnTo(input?.returnTo) ?? `/${encodeURIComponent(slug)}/me`;
  let checkoutUrl: string | null = null;
  const result = await attempt(async () => {
    ({ checkoutUrl } = await startCheckout({
      db: viewer.db,
      accountId: viewer.accountId,
      callerId: viewer.userId, // a child's pass (forUserId): theirs
      input: body.data,
      returnPath,
    }));
    return tBuy("paid");
  });
  if (!result.ok) return result;
  if (checkoutUrl) redirect(checkoutUrl);
  revalidatePath(`/${slug}`, "layout");
  redirect(withQuery(returnPath, "bought=1"));
}

/** `path` with one more query parameter, before any fragment. */
function withQuery(path: string, parameter: string): string {
  const [beforeHash, hash] = path.split("#", 2) as [string, string | undefined];
  const separator = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${separator}${parameter}${hash === undefined ? "" : `#${hash}`}`;
}

/** Cancel one's own membership at the end of its paid period: POST /me/entitlements/{id}/cancel's own function. */
export async function cancelMembershipAction(slug: string, entitlementId: string): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const params = EntitlementIdParams.safeParse({ entitlementId });
  if (!params.success) return fail("not_found");
  const tMembership = await getTranslations("MembershipResult");
  const result = await attempt(async () => {
    await cancelSubscription({ db: viewer.db, entitlementId: params.data.entitlementId, ownerId: viewer.userId });
    return tMembership("cancelled");
  });
  if (result.ok) revalidatePath(`/${slug}`, "layout");
  return result;
}

/** Keep one's place in a class every week: POST /me/standing-bookings's own function. */
export async function keepPlaceAction(slug: string, seriesId: string): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const body = CreateStandingBookingInput.safeParse({ seriesId });
  if (!body.success) return fail("not_found");
  const tPlace = await getTranslations("StandingPlaceResult");
  const result = await attempt(async () => {
    await createStandingBooking({
      db: viewer.db,
      accountId: viewer.accountId,
      userId: viewer.userId,
      seriesId: body.data.seriesId,
      byAdministrator: false,
    });
    return tPlace("kept");
  });
  if (result.ok) revalidatePath(`/${slug}`, "layout");
  return result;
}

/** Stop one's own standing place: DELETE /me/standing-bookings/{id}'s own function. */
export async function stopPlaceAction(slug: string, standingBookingId: string): Promise<ActionResult> {
  const viewer = await studioMember(slug);
  if (!viewer) return fail("authentication_required");
  const params = StandingBookingParams.safeParse({ standingBookingId });
  if (!params.success) return fail("not_found");
  const tPlace = await getTranslations("StandingPlaceResult");
  const result = await attempt(async () => {
    await stopStandingBooking({
      db: viewer.db,
      standingBookingId: params.data.standingBookingId,
      userId: viewer.userId,
    });
    return tPlace("stopped");
  });
  if (result.ok) revalidatePath(`/${slug}`, "layout");
  return result;
}

/** Sign out of this browser: the session is deleted from the store and both cookies are cleared. */
export async function signOutAction(slug: string): Promise<void> {
  const viewer = await getViewer();
  if (viewer) await logout({ tokenHash: viewer.session.tokenHash });
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  store.delete(DEMO_SESSION_COOKIE);
  const params = SlugParams.safeParse({ slug });
  redirect(params.success ? `/${encodeURIComponent(params.data.slug)}` : "/");
}

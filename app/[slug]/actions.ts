"use server";

import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import { readCheckbox, readText } from "@/components/forms/form-data";
import { logout } from "@/lib/auth/logout";
import { DEMO_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/auth/session-cookies";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { claimOffer } from "@/lib/bookings/claim-offer";
import { createBooking } from "@/lib/bookings/create-booking";
import { createStandingBooking } from "@/lib/bookings/create-standing-booking";
import { stopStandingBooking } from "@/lib/bookings/stop-standing-booking";
import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { startCheckout } from "@/lib/commerce/start-checkout";
import { CreateBookingInput } from "@/lib/schemas/booking";
import { CreateStandingBookingInput } from "@/lib/schemas/standing-booking";
import { CheckoutInput } from "@/lib/schemas/order";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { AppError } from "@/lib/errors";
import { findOwnDependant } from "@/lib/households/find-own-dependant";
import { ActionRefusal, studioAction, studioFormAction } from "@/lib/web/action";
import { safeReturnTo } from "@/lib/web/return-to";
import { getViewer } from "@/lib/web/viewer";
import { studioSite, studioPath } from "./studio-paths";

/**
 * Book (or join the waitlist of) an instance: POST /bookings's own function and checks; for the
 * viewer, one of their dependants (`attendeeId`), or a guest they bring (`guest.displayName`, `guest.email`).
 */
export const bookAction = studioAction(
  {
    auth: "member",
    input: {
      schema: CreateBookingInput,
      fields: (form) => {
        const guest = readText(form, "guest.displayName");
        return {
          instanceId: readText(form, "instanceId"),
          ...(readCheckbox(form, "waitlist") ? { waitlist: true } : {}),
          ...(readText(form, "attendeeId") ? { attendeeId: readText(form, "attendeeId") } : {}),
          ...(guest === undefined
            ? {}
            : {
                guest: {
                  displayName: guest,
                  ...(readText(form, "guest.email") ? { email: readText(form, "guest.email") } : {}),
                },
              }),
        };
      },
    },
    ...studioSite,
  },
  async ({ viewer, slug, input }) => {
    const booking = await createBooking({ tokenHash: viewer.session.tokenHash, host: viewer, input }).catch(
      async (error: unknown) => {
        const childId = input.attendeeId !== viewer.userId ? input.attendeeId : undefined;
        if (!(error instanceof AppError) || error.code !== "no_valid_entitlement" || !childId) throw error;
        throw await childHasNoPass(viewer, slug, childId, input.instanceId);
      },
    );
    const t = await getTranslations("BookingResult");
    return booking.status === "waitlisted" ? t("waitlisted") : t("booked");
  },
);

/**
 * A child without a pass that covers the class: the refusal names them and offers to buy one for
 * them (the passes page with the child chosen, `for`), coming back to the class after paying.
 */
async function childHasNoPass(
  viewer: PersonAuth,
  slug: string,
  childId: string,
  instanceId: string,
): Promise<ActionRefusal> {
  const child = await findOwnDependant(viewer.db, viewer.userId, childId);
  const tHousehold = await getTranslations("Household");
  const query = new URLSearchParams({ for: child.id, returnTo: studioPath(slug, `/classes/${instanceId}`) });
  return new ActionRefusal("no_valid_entitlement", {
    error: tHousehold("childHasNoPass", { name: child.displayName }),
    buy: { label: tHousehold("buyFor", { name: child.displayName }), href: studioPath(slug, `/passes?${query}`) },
  });
}

/** Cancel one's own booking: DELETE /bookings/{bookingId}'s own function. */
export const cancelAction = studioAction(
  { auth: "member", ids: ["bookingId"], ...studioSite },
  async ({ viewer, ids: { bookingId } }) => {
    const booking = await cancelBooking({ db: viewer.db, accountId: viewer.accountId, actor: viewer, bookingId });
    const t = await getTranslations("BookingResult");
    if (booking.status === "late_cancelled") return t("lateCancelled");
    return booking.entitlementId ? t("cancelledCreditBack") : t("cancelled");
  },
);

/**
 * Claim the place offered to a waitlisted booking (decision 0039): POST /bookings/{id}/claim's own
 * function. The offer's block (and its button) is gone once the place is hers: the page says it instead.
 */
export const claimOfferAction = studioAction(
  { auth: "member", ids: ["bookingId"], ...studioSite },
  async ({ viewer, slug, ids: { bookingId } }) => {
    await claimOffer({ db: viewer.db, accountId: viewer.accountId, actor: viewer, bookingId });
    return { redirectTo: studioPath(slug, "/me?claimed=1") };
  },
);

/**
 * Buy a product at one price: POST /checkout's own function (for the member, or the dependant
 * `forUserId` names). Demo: paid at once, then back to `returnTo` (the class the member came from,
 * with `bought=1`) or My bookings; Stripe: off to its Checkout page, whose success address is that same place.
 */
export const buyAction = studioAction(
  {
    auth: "member",
    input: {
      schema: CheckoutInput,
      fields: {
        productId: readText,
        priceId: readText,
        promoCode: readText,
        forUserId: readText,
        paymentMethod: readText,
        startNow: readCheckbox,
      },
    },
    ...studioSite,
  },
  async ({ viewer, slug, input, formData }) => {
    const returnPath = safeReturnTo(readText(formData, "returnTo")) ?? studioPath(slug, "/me");
    const { checkoutUrl } = await startCheckout({
      db: viewer.db,
      accountId: viewer.accountId,
      callerId: viewer.userId,
      input,
      returnPath,
      startNowAsked: true,
    }).catch(async (error: unknown) => {
      throw (await startNowNotTicked(error)) ?? error;
    });
    return { redirectTo: checkoutUrl ?? withQuery(returnPath, "bought=1") };
  },
);

/** The summary's box to start at once left unticked (startCheckout's `startNowAsked`): said in the page's words. */
async function startNowNotTicked(error: unknown): Promise<ActionRefusal | null> {
  const unticked =
    error instanceof AppError &&
    error.code === "validation_failed" &&
    error.details?.some((detail) => detail.path === "startNow");
  if (!unticked) return null;
  const tRights = await getTranslations("PurchaseRights");
  const message = tRights("startNowRequired");
  return new ActionRefusal("validation_failed", { error: message, fieldErrors: { startNow: message } });
}

/** `path` with one more query parameter, before any fragment. */
function withQuery(path: string, parameter: string): string {
  const [beforeHash, hash] = path.split("#", 2) as [string, string | undefined];
  const separator = beforeHash.includes("?") ? "&" : "?";
  return `${beforeHash}${separator}${parameter}${hash === undefined ? "" : `#${hash}`}`;
}

/** Cancel one's own membership at the end of its paid period: POST /me/entitlements/{id}/cancel's own function. */
export const cancelMembershipAction = studioAction(
  { auth: "member", ids: ["entitlementId"], ...studioSite },
  async ({ viewer, ids: { entitlementId } }) => {
    await cancelSubscription({ db: viewer.db, entitlementId, ownerId: viewer.userId });
    const tMembership = await getTranslations("MembershipResult");
    return tMembership("cancelled");
  },
);

/** Keep one's place in a class every week: POST /me/standing-bookings's own function. */
export const keepPlaceAction = studioAction(
  { auth: "member", input: { schema: CreateStandingBookingInput, fields: { seriesId: readText } }, ...studioSite },
  async ({ viewer, input }) => {
    await createStandingBooking({
      db: viewer.db,
      accountId: viewer.accountId,
      userId: viewer.userId,
      seriesId: input.seriesId,
      byAdministrator: false,
    });
    const tPlace = await getTranslations("StandingPlaceResult");
    return tPlace("kept");
  },
);

/** Stop one's own standing place: DELETE /me/standing-bookings/{id}'s own function. */
export const stopPlaceAction = studioAction(
  { auth: "member", ids: ["standingBookingId"], ...studioSite },
  async ({ viewer, ids: { standingBookingId } }) => {
    await stopStandingBooking({ db: viewer.db, standingBookingId, userId: viewer.userId });
    const tPlace = await getTranslations("StandingPlaceResult");
    return tPlace("stopped");
  },
);

/** Sign out of this browser: the session is deleted from the store and both cookies are cleared. */
export const signOutAction = studioFormAction({ auth: "visitor", ...studioSite }, async ({ slug }) => {
  const signedIn = await getViewer(); // whoever's session this browser holds, of this studio or not
  if (signedIn) await logout({ tokenHash: signedIn.session.tokenHash });
  const store = await cookies();
  store.delete(SESSION_COOKIE);
  store.delete(DEMO_SESSION_COOKIE);
  return { redirectTo: slug ? studioPath(slug, "") : "/" };
});

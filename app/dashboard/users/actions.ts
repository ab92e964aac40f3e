"use server";

import { getTranslations } from "next-intl/server";
import { defined, readRaw, readText } from "@/components/forms/form-data";
import { action } from "@/lib/web/action";
import { bookInstance } from "@/lib/bookings/book-instance";
import { stopStandingBooking } from "@/lib/bookings/stop-standing-booking";
import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { clearStrikes } from "@/lib/strikes/clear-strikes";
import { CreateBookingInput } from "@/lib/schemas/booking";
import { GrantEntitlementInput } from "@/lib/schemas/entitlement";
import { InviteUserInput, UpdatePersonContactInput, UpdateUserInput } from "@/lib/schemas/user-input";
import { erasePerson } from "@/lib/users/erase-person";
import { inviteUser } from "@/lib/users/invite-user";
import { removeMembership } from "@/lib/users/remove-membership";
import { updatePersonContact } from "@/lib/users/update-person-contact";
import { updateUser } from "@/lib/users/update-user";

const PATH = "/dashboard/users";
const personPath = (formData: FormData) => `${PATH}/${readText(formData, "userId") ?? ""}`;

export const inviteUserAction = action(
  {
    auth: "administrator",
    input: { schema: InviteUserInput, fields: { email: readRaw, displayName: readRaw, persona: readText } },
    revalidate: PATH,
  },
  async ({ viewer, input }) => {
    const { user } = await inviteUser({ db: viewer.db, accountId: viewer.accountId, ...input });
    const t = await getTranslations("UsersActions");
    return t("invited", { name: user.displayName, email: user.email ?? input.email });
  },
);

export const changePersonaAction = action(
  {
    auth: "administrator",
    ids: ["userId"],
    input: { schema: UpdateUserInput, fields: { persona: readText } },
    revalidate: (formData) => [PATH, personPath(formData)],
  },
  async ({ viewer, ids: { userId }, input }) => {
    await updateUser({ db: viewer.db, accountId: viewer.accountId, userId, input });
    const t = await getTranslations("UsersActions");
    return t("saved");
  },
);

export const removeMembershipAction = action(
  { auth: "administrator", ids: ["userId"], revalidate: PATH },
  async ({ viewer, ids: { userId } }) => {
    await removeMembership({ db: viewer.db, accountId: viewer.accountId, actorUserId: viewer.userId, userId });
  },
);

/** DELETE /standing-bookings/{id}'s own function: the member's standing place stops; its bookings stay. */
export const stopStandingPlaceAction = action(
  {
    auth: "administrator",
    ids: ["standingBookingId"],
    revalidate: (formData) => [PATH, personPath(formData)],
  },
  async ({ viewer, ids: { standingBookingId } }) => {
    await stopStandingBooking({ db: viewer.db, standingBookingId });
    const t = await getTranslations("UsersActions");
    return t("standingStopped");
  },
);

/** POST /users/{userId}/strikes/clear's own function: the block ends, the strikes so far no longer count. */
export const clearStrikesAction = action(
  { auth: "administrator", ids: ["userId"], revalidate: (formData) => [personPath(formData)] },
  async ({ viewer, ids: { userId } }) => {
    await clearStrikes({ db: viewer.db, userId });
    const t = await getTranslations("UsersActions");
    return t("strikesCleared");
  },
);

/** POST /users/{userId}/erase's own function; the person is gone, so back to the list. */
export const erasePersonAction = action(
  { auth: "administrator", ids: ["userId"], revalidate: PATH },
  async ({ viewer, ids: { userId } }) => {
    await erasePerson({ accountId: viewer.accountId, userId, requestedBy: { kind: "administrator", userId: viewer.userId } });
    return { redirectTo: PATH };
  },
);

/**
 * A pass granted at the desk (POST /users/{userId}/entitlements): `productId` and optional `priceId`,
 * or `offer` = "productId/priceId" from the person page's one price picker.
 */
export const grantPassAction = action(
  {
    auth: "administrator",
    ids: ["userId"],
    input: {
      schema: GrantEntitlementInput,
      fields: (formData) => {
        const [offerProduct, offerPrice] = (readText(formData, "offer") ?? "").split("/");
        return defined({
          productId: offerProduct || readText(formData, "productId"),
          priceId: offerPrice || readText(formData, "priceId"),
          note: readText(formData, "note"),
        });
      },
    },
    revalidate: (formData) => [PATH, personPath(formData), "/dashboard/orders"],
  },
  async ({ viewer, ids: { userId }, input }) => {
    await grantEntitlement({ db: viewer.db, accountId: viewer.accountId, userId, input });
    const t = await getTranslations("UsersActions");
    return t("passGranted");
  },
);

/**
 * Books the person into a class at the desk: POST /bookings with `attendeeId`, the same statement
 * (book_instance), so the class's rules and the person's pass apply as for any booking.
 */
export const bookIntoClassAction = action(
  {
    auth: "administrator",
    input: {
      schema: CreateBookingInput,
      fields: { instanceId: readText, attendeeId: (formData) => readText(formData, "userId") ?? "" },
    },
    revalidate: (formData) => [personPath(formData), `/dashboard/classes/${readText(formData, "instanceId") ?? ""}`],
  },
  async ({ viewer, input }) => {
    const { guest: _guest, ...own } = input;
    const booking = await bookInstance({ tokenHash: viewer.session.tokenHash, input: own });
    const t = await getTranslations("UsersActions");
    return booking.status === "waitlisted" ? t("waitlisted") : t("booked");
  },
);

/** The desk's edit of a member's phone and the studio's notes about them (a blank field clears it). */
export const updatePersonContactAction = action(
  {
    auth: "administrator",
    ids: ["userId"],
    input: {
      schema: UpdatePersonContactInput,
      fields: (formData) => ({ phone: readText(formData, "phone") ?? null, notes: readText(formData, "notes") ?? null }),
    },
    revalidate: (formData) => [PATH, personPath(formData)],
  },
  async ({ viewer, ids: { userId }, input }) => {
    await updatePersonContact({ db: viewer.db, accountId: viewer.accountId, userId, input });
    const t = await getTranslations("UsersActions");
    return t("contactSaved");
  },
);

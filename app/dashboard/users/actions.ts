"use server";

import { getTranslations } from "next-intl/server";
import { defined, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { bookInstance } from "@/lib/bookings/book-instance";
import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { parseWith } from "@/lib/http/parse-input";
import { CreateBookingInput } from "@/lib/schemas/booking";
import { Id } from "@/lib/schemas/common";
import { GrantEntitlementInput } from "@/lib/schemas/entitlement";
import { InviteUserInput, UpdateUserInput } from "@/lib/schemas/user-input";
import { inviteUser } from "@/lib/users/invite-user";
import { removeMembership } from "@/lib/users/remove-membership";
import { updateUser } from "@/lib/users/update-user";

const PATH = "/dashboard/users";
const personPath = (userId: string) => `${PATH}/${userId}`;

export async function inviteUserAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const input = parseWith(
        InviteUserInput,
        defined({
          email: readRaw(formData, "email"),
          displayName: readRaw(formData, "displayName"),
          persona: readText(formData, "persona"),
        }),
      );
      const { user } = await inviteUser({ db: viewer.db, accountId: viewer.accountId, ...input });
      const t = await getTranslations("UsersActions");
      return t("invited", { name: user.displayName, email: user.email });
    },
    { revalidate: PATH },
  );
}

export async function changePersonaAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const userId = parseWith(Id, readText(formData, "userId"));
      const input = parseWith(UpdateUserInput, defined({ persona: readText(formData, "persona") }));
      await updateUser({ db: viewer.db, accountId: viewer.accountId, userId, input });
      const t = await getTranslations("UsersActions");
      return t("saved");
    },
    { revalidate: [PATH, personPath(readText(formData, "userId") ?? "")] },
  );
}

export async function removeMembershipAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const userId = parseWith(Id, readText(formData, "userId"));
      await removeMembership({ db: viewer.db, accountId: viewer.accountId, actorUserId: viewer.userId, userId });
    },
    { revalidate: PATH },
  );
}

/**
 * A pass granted at the desk (POST /users/{userId}/entitlements): `productId` and optional `priceId`,
 * or `offer` = "productId/priceId" from the person page's one price picker.
 */
export async function grantPassAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const userId = readText(formData, "userId") ?? "";
  return runAction(
    async () => {
      const id = parseWith(Id, userId);
      const [offerProduct, offerPrice] = (readText(formData, "offer") ?? "").split("/");
      const input = parseWith(
        GrantEntitlementInput,
        defined({
          productId: offerProduct || readText(formData, "productId"),
          priceId: offerPrice || readText(formData, "priceId"),
          note: readText(formData, "note"),
        }),
      );
      await grantEntitlement({ db: viewer.db, accountId: viewer.accountId, userId: id, input });
      const t = await getTranslations("UsersActions");
      return t("passGranted");
    },
    { revalidate: [PATH, personPath(userId), "/dashboard/orders"] },
  );
}

/**
 * Books the person into a class at the desk: POST /bookings with `attendeeId`, the same statement
 * (book_instance), so the class's rules and the person's pass apply as for any booking.
 */
export async function bookIntoClassAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const userId = readText(formData, "userId") ?? "";
  const instanceId = readText(formData, "instanceId") ?? "";
  return runAction(
    async () => {
      const input = parseWith(
        CreateBookingInput,
        defined({ instanceId: readText(formData, "instanceId"), attendeeId: userId }),
      );
      const booking = await bookInstance({ tokenHash: viewer.session.tokenHash, input });
      const t = await getTranslations("UsersActions");
      return booking.status === "waitlisted" ? t("waitlisted") : t("booked");
    },
    { revalidate: [personPath(userId), `/dashboard/classes/${instanceId}`] },
  );
}

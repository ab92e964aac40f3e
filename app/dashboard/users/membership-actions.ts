"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { pauseEntitlement } from "@/lib/commerce/pause-entitlement";
import { resumeEntitlement } from "@/lib/commerce/resume-entitlement";
import { PauseEntitlementInput } from "@/lib/schemas/entitlement";
import { action } from "@/lib/web/action";

// A person's membership from their page in the dashboard: the functions of POST /entitlements/{id}/cancel,
// /pause and /resume (decision 0017). `userId` only names the page to refresh.
const personPath = (formData: FormData) => `/dashboard/users/${readText(formData, "userId") ?? ""}`;

export const cancelMembershipAction = action(
  { auth: "administrator", ids: ["entitlementId"], revalidate: personPath },
  async ({ viewer, ids: { entitlementId } }) => {
    await cancelSubscription({ db: viewer.db, entitlementId });
    const t = await getTranslations("MembershipActions");
    return t("cancelled");
  },
);

export const pauseMembershipAction = action(
  {
    auth: "administrator",
    ids: ["entitlementId"],
    input: { schema: PauseEntitlementInput, fields: { from: readText, until: readText } },
    revalidate: personPath,
  },
  async ({ viewer, ids: { entitlementId }, input }) => {
    const { cancelledBookings } = await pauseEntitlement({ db: viewer.db, entitlementId, input });
    const t = await getTranslations("MembershipActions");
    return t("paused", { cancelled: cancelledBookings });
  },
);

export const resumeMembershipAction = action(
  { auth: "administrator", ids: ["entitlementId"], revalidate: personPath },
  async ({ viewer, ids: { entitlementId } }) => {
    await resumeEntitlement({ db: viewer.db, entitlementId });
    const t = await getTranslations("MembershipActions");
    return t("resumed");
  },
);

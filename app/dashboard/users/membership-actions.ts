"use server";

import { getTranslations } from "next-intl/server";
import { defined, readText } from "@/components/forms/form-data";
import { cancelSubscription } from "@/lib/commerce/cancel-subscription";
import { pauseEntitlement } from "@/lib/commerce/pause-entitlement";
import { resumeEntitlement } from "@/lib/commerce/resume-entitlement";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { PauseEntitlementInput } from "@/lib/schemas/entitlement";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

// A person's membership from their page in the dashboard: the functions of POST /entitlements/{id}/cancel,
// /pause and /resume (decision 0017). `userId` only names the page to refresh.
const personPath = (formData: FormData) => `/dashboard/users/${readText(formData, "userId") ?? ""}`;

export async function cancelMembershipAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const entitlementId = parseWith(Id, readText(formData, "entitlementId"));
      await cancelSubscription({ db: viewer.db, entitlementId });
      const t = await getTranslations("MembershipActions");
      return t("cancelled");
    },
    { revalidate: personPath(formData) },
  );
}

export async function pauseMembershipAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const entitlementId = parseWith(Id, readText(formData, "entitlementId"));
      const input = parseWith(
        PauseEntitlementInput,
        defined({ from: readText(formData, "from"), until: readText(formData, "until") }),
      );
      await pauseEntitlement({ db: viewer.db, entitlementId, input });
      const t = await getTranslations("MembershipActions");
      return t("paused");
    },
    { revalidate: personPath(formData) },
  );
}

export async function resumeMembershipAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const entitlementId = parseWith(Id, readText(formData, "entitlementId"));
      await resumeEntitlement({ db: viewer.db, entitlementId });
      const t = await getTranslations("MembershipActions");
      return t("resumed");
    },
    { revalidate: personPath(formData) },
  );
}

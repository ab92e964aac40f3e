"use server";

import { getTranslations } from "next-intl/server";
import { defined, readRaw, readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { grantEntitlement } from "@/lib/commerce/grant-entitlement";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { GrantEntitlementInput } from "@/lib/schemas/entitlement";
import { InviteUserInput, UpdateUserInput } from "@/lib/schemas/user-input";
import { inviteUser } from "@/lib/users/invite-user";
import { removeMembership } from "@/lib/users/remove-membership";
import { updateUser } from "@/lib/users/update-user";

const PATH = "/dashboard/users";

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
    { revalidate: PATH },
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

export async function grantPassAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const userId = parseWith(Id, readText(formData, "userId"));
      const input = parseWith(
        GrantEntitlementInput,
        defined({ productId: readText(formData, "productId"), note: readText(formData, "note") }),
      );
      await grantEntitlement({ db: viewer.db, accountId: viewer.accountId, userId, input });
      const t = await getTranslations("UsersActions");
      return t("passGranted");
    },
    { revalidate: [PATH, "/dashboard/orders"] },
  );
}

"use server";

import { redirect } from "next/navigation";
import { AppError } from "@/lib/errors";
import { addDependant } from "@/lib/households/add-dependant";
import { removeDependant } from "@/lib/households/remove-dependant";
import { CreateDependantInput } from "@/lib/schemas/user-input";
import { UserIdParams } from "@/lib/schemas/user-input";
import { getViewer } from "@/lib/web/viewer";
import { getPublicStudio, viewerOf } from "../studio";

/** Add a child: POST /me/dependants's own function; back on the page with what happened. */
export async function addChildAction(slug: string, formData: FormData): Promise<void> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  const input = CreateDependantInput.safeParse({
    displayName: formData.get("displayName"),
    dateOfBirth: formData.get("dateOfBirth"),
  });
  if (!viewer || !input.success) redirect(`/${account.slug}/me?children=invalid#children`);
  await addDependant({ db: viewer.db, accountId: viewer.accountId, guardianId: viewer.userId, input: input.data });
  redirect(`/${account.slug}/me?children=added#children`);
}

/** Remove a child: DELETE /me/dependants/{userId}'s own function (their future bookings cancelled). */
export async function removeChildAction(slug: string, userId: string): Promise<void> {
  const [signedIn, account] = await Promise.all([getViewer(), getPublicStudio(slug)]);
  const viewer = viewerOf(signedIn, account);
  const params = UserIdParams.safeParse({ userId });
  if (viewer && params.success) {
    try {
      await removeDependant({
        db: viewer.db,
        accountId: viewer.accountId,
        guardianId: viewer.userId,
        userId: params.data.userId,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error; // someone else's or gone already: nothing to remove
    }
  }
  redirect(`/${account.slug}/me?children=removed#children`);
}

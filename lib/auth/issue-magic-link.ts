import "server-only";
import { createMagicLink } from "./create-magic-link";
import { deliverMagicLink } from "./deliver-magic-link";

/** Stores a new link for the user of the account and emails it after the caller has answered. */
export async function issueMagicLink(input: {
  user: { id: string; email: string };
  account: { id: string; name: string };
}): Promise<{ token: string; expiresAt: Date }> {
  const link = await createMagicLink({ userId: input.user.id, accountId: input.account.id });
  deliverMagicLink({ to: input.user.email, token: link.token, accountId: input.account.id, accountName: input.account.name });
  return link;
}

"use server";

import { getTranslations } from "next-intl/server";
import { readRaw } from "@/components/forms/form-data";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { deleteApiKey } from "@/lib/api-keys/delete-api-key";
import { CreateApiKeyInput } from "@/lib/schemas/api-key";
import { action } from "@/lib/web/action";
import type { FormState } from "@/lib/web/form-state";

const PATH = "/dashboard/api-keys";

/** The answer of creating a key: its secret, this once. */
export type CreatedApiKeyState = FormState & { secret?: string };

export const createApiKeyAction = action(
  { auth: "administrator", input: { schema: CreateApiKeyInput, fields: { name: readRaw } }, revalidate: PATH },
  async ({ viewer, input }) => {
    const created = await createApiKey({ db: viewer.db, accountId: viewer.accountId, name: input.name });
    const t = await getTranslations("ApiKeysActions");
    return { message: t("created", { name: created.apiKey.name }), secret: created.secret };
  },
);

export const revokeApiKeyAction = action(
  { auth: "administrator", ids: ["apiKeyId"], revalidate: PATH },
  async ({ viewer, ids: { apiKeyId } }) => {
    // no message: the revoked key's row, and the form in it, leave the list
    await deleteApiKey({ db: viewer.db, apiKeyId });
  },
);

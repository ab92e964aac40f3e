"use server";

import { getTranslations } from "next-intl/server";
import { readRaw, readText } from "@/components/forms/form-data";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { deleteApiKey } from "@/lib/api-keys/delete-api-key";
import { parseWith } from "@/lib/http/parse-input";
import { CreateApiKeyInput } from "@/lib/schemas/api-key";
import { Id } from "@/lib/schemas/common";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";

const PATH = "/dashboard/api-keys";

/** The answer of creating a key: its secret, this once. */
export type CreatedApiKeyState = FormState & { secret?: string };

export async function createApiKeyAction(formData: FormData): Promise<CreatedApiKeyState> {
  const viewer = await requireAdministrator();
  let secret: string | undefined;
  const state = await runAction(
    async () => {
      const input = parseWith(CreateApiKeyInput, { name: readRaw(formData, "name") });
      const created = await createApiKey({ db: viewer.db, accountId: viewer.accountId, name: input.name });
      secret = created.secret;
      const t = await getTranslations("ApiKeysActions");
      return t("created", { name: created.apiKey.name });
    },
    { revalidate: PATH },
  );
  return state.ok ? { ...state, secret } : state;
}

export async function revokeApiKeyAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      // no message: the revoked key's row, and the form in it, leave the list
      await deleteApiKey({ db: viewer.db, apiKeyId: parseWith(Id, readText(formData, "apiKeyId")) });
    },
    { revalidate: PATH },
  );
}

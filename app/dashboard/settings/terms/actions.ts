"use server";

import { getTranslations } from "next-intl/server";
import { readRaw } from "@/components/forms/form-data";
import { PublishTermsInput } from "@/lib/schemas/terms";
import { publishTerms } from "@/lib/terms/publish-terms";
import { action } from "@/lib/web/action";

/** "Offentliggør version N": PUT /account/terms's own function; the text as typed (the schema tidies it). */
export const publishTermsAction = action(
  {
    auth: "administrator",
    input: { schema: PublishTermsInput, fields: { da: readRaw, en: readRaw } },
    revalidate: "/dashboard/settings/terms",
  },
  async ({ viewer, input }) => {
    const published = await publishTerms({ db: viewer.db, accountId: viewer.accountId, input });
    const t = await getTranslations("TermsSettings");
    return t("published", { version: published.version });
  },
);

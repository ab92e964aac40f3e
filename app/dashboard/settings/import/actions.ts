"use server";

import { getTranslations } from "next-intl/server";
import { readText } from "@/components/forms/form-data";
import { commitImport } from "@/lib/imports/commit-import";
import { inviteImport } from "@/lib/imports/invite-import";
import { deleteImport, getImportOrThrow } from "@/lib/imports/manage-imports";
import { updateImport } from "@/lib/imports/update-import";
import { UpdateImportInput } from "@/lib/schemas/import";
import { action } from "@/lib/web/action";

const PATH = "/dashboard/settings/import";
/** The file's headers as the form carries them: `header-0`, `header-1`, … */
function headersOf(formData: FormData): string[] {
  const headers: string[] = [];
  for (
    let value = formData.get("header-0");
    typeof value === "string";
    value = formData.get(`header-${headers.length}`)
  )
    headers.push(value);
  return headers;
}

const detail = (formData: FormData) => [PATH, `${PATH}/${readText(formData, "importId") ?? ""}`];

/** Which field each column fills (`field-<index>`, empty: ignored) and how dates are read; every row is checked again. */
export const updateImportColumnsAction = action(
  {
    auth: "administrator",
    ids: ["importId"],
    input: {
      schema: UpdateImportInput,
      fields: (formData) => ({
        columns: headersOf(formData).map((header, index) => ({
          header,
          field: readText(formData, `field-${index}`) ?? null,
        })),
        dateFormat: readText(formData, "dateFormat"),
      }),
    },
    revalidate: detail,
  },
  async ({ viewer, ids, input }) => {
    await updateImport({ db: viewer.db, accountId: viewer.accountId, importId: ids.importId, input });
    const t = await getTranslations("ImportSettings");
    return t("columnsSaved");
  },
);

export const commitImportAction = action(
  { auth: "administrator", ids: ["importId"], revalidate: detail },
  async ({ viewer, ids }) => {
    const committed = await commitImport({ db: viewer.db, importId: ids.importId });
    const t = await getTranslations("ImportSettings");
    return committed.status === "committed" ? t("committed") : t("committing");
  },
);

export const inviteImportAction = action(
  { auth: "administrator", ids: ["importId"], revalidate: detail },
  async ({ viewer, ids }) => {
    const { queued } = await inviteImport({ db: viewer.db, accountId: viewer.accountId, importId: ids.importId });
    const t = await getTranslations("ImportSettings");
    return t("invited", { count: queued });
  },
);

export const deleteImportAction = action(
  { auth: "administrator", ids: ["importId"], revalidate: PATH },
  async ({ viewer, ids }) => {
    await getImportOrThrow({ db: viewer.db, importId: ids.importId });
    await deleteImport({ db: viewer.db, importId: ids.importId });
    return { redirectTo: `${PATH}?deleted=1` };
  },
);

"use server";

import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { action, formField } from "@/lib/web/action";
import { createProduct } from "@/lib/commerce/create-product";
import { updateProduct } from "@/lib/commerce/update-product";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { CreateProductInput, ProductStatusSchema, UpdateProductInput } from "@/lib/schemas/product";
import { getMe } from "@/lib/users/get-me";
import { pageLanguage } from "@/lib/i18n/page-language";
import { readProductForm } from "./product-form-data";

const PATH = "/dashboard/products";

/** The product form's body: its amounts in the studio's currency and the page's language, so read here. */
async function readBody(formData: FormData, mode: "create" | "update", viewer: PersonAuth) {
  const [{ account }, language] = await Promise.all([getMe(viewer), pageLanguage()]);
  const { body, issues } = readProductForm(formData, {
    mode,
    fallbackCurrency: account.currency,
    language,
    timezone: account.timezone,
  });
  if (issues.length > 0) throw new AppError("validation_failed", { details: issues });
  return body;
}

export const createProductAction = action({ auth: "administrator", revalidate: PATH }, async ({ viewer, formData }) => {
  const input = parseWith(CreateProductInput, await readBody(formData, "create", viewer));
  await createProduct({ db: viewer.db, accountId: viewer.accountId, input });
  return { redirectTo: PATH };
});

export const updateProductAction = action(
  { auth: "administrator", ids: ["productId"], revalidate: PATH },
  async ({ viewer, ids: { productId }, formData }) => {
    const input = parseWith(UpdateProductInput, await readBody(formData, "update", viewer));
    await updateProduct({ db: viewer.db, accountId: viewer.accountId, productId, input });
    // Back to the list: the editor's rows would otherwise still lack the ids of prices it just created.
    return { redirectTo: PATH };
  },
);

export const setProductStatusAction = action(
  {
    auth: "administrator",
    ids: ["productId"],
    input: { schema: ProductStatusSchema, fields: formField("status") },
    revalidate: PATH,
  },
  async ({ viewer, ids: { productId }, input: status }) => {
    await updateProduct({ db: viewer.db, accountId: viewer.accountId, productId, input: { status } });
  },
);

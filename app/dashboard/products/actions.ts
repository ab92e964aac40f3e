"use server";

import { redirect } from "next/navigation";
import { readText } from "@/components/forms/form-data";
import type { FormState } from "@/lib/web/form-state";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { runAction } from "@/lib/web/run-action";
import { createProduct } from "@/lib/commerce/create-product";
import { updateProduct } from "@/lib/commerce/update-product";
import { AppError } from "@/lib/errors";
import { parseWith } from "@/lib/http/parse-input";
import { Id } from "@/lib/schemas/common";
import { CreateProductInput, ProductStatusSchema, UpdateProductInput } from "@/lib/schemas/product";
import { getMe } from "@/lib/users/get-me";
import { pageLanguage } from "@/lib/i18n/page-language";
import { readProductForm } from "./product-form-data";

const PATH = "/dashboard/products";

async function readBody(
  formData: FormData,
  mode: "create" | "update",
  viewer: Awaited<ReturnType<typeof requireAdministrator>>,
) {
  const [{ account }, language] = await Promise.all([getMe(viewer), pageLanguage()]);
  const { body, issues } = readProductForm(formData, { mode, fallbackCurrency: account.currency, language });
  if (issues.length > 0) throw new AppError("validation_failed", { details: issues });
  return body;
}

export async function createProductAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const state = await runAction(
    async () => {
      const input = parseWith(CreateProductInput, await readBody(formData, "create", viewer));
      await createProduct({ db: viewer.db, accountId: viewer.accountId, input });
    },
    { revalidate: PATH },
  );
  if (state.ok) redirect(PATH);
  return state;
}

export async function updateProductAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  const state = await runAction(
    async () => {
      const productId = parseWith(Id, readText(formData, "productId"));
      const input = parseWith(UpdateProductInput, await readBody(formData, "update", viewer));
      await updateProduct({ db: viewer.db, accountId: viewer.accountId, productId, input });
    },
    { revalidate: PATH },
  );
  // Back to the list: the editor's rows would otherwise still lack the ids of prices it just created.
  if (state.ok) redirect(PATH);
  return state;
}

export async function setProductStatusAction(formData: FormData): Promise<FormState> {
  const viewer = await requireAdministrator();
  return runAction(
    async () => {
      const productId = parseWith(Id, readText(formData, "productId"));
      const status = parseWith(ProductStatusSchema, readText(formData, "status"));
      await updateProduct({ db: viewer.db, accountId: viewer.accountId, productId, input: { status } });
    },
    { revalidate: PATH },
  );
}

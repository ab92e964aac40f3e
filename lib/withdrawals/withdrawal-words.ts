import "server-only";
import type { Product } from "@prisma/client";
import { getTranslations } from "next-intl/server";
import { productWithdrawal, withdrawalExemption } from "./withdrawal-right";

type ProductFacts = Pick<Product, "type" | "courseEventId" | "classAllowance">;

/** How the pages tell a product's right of withdrawal (withdrawal-right.ts decides it), in the page's language. */
export async function withdrawalWords() {
  const t = await getTranslations("PurchaseRights");

  /**
   * The box the studio's checkout page asks a buyer to tick for a product with the right (FAL §22):
   * the words name what is bought. Undefined for a product without the right: no box.
   */
  function startNowText(product: ProductFacts): string | undefined {
    if (!productWithdrawal(product)) return undefined;
    if (product.type === "subscription") return t("startNowMembership");
    if (product.type === "class_pass" && product.classAllowance !== null) return t("startNowClassPass");
    return t("startNowPass");
  }

  /** "Du kan fortryde købet i 14 dage", or why the product has no right ("… holdet har faste datoer"). */
  function rightText(product: ProductFacts): string {
    const right = productWithdrawal(product);
    if (right) return t("rightDays", { days: right.days });
    return withdrawalExemption(product) === "drop_in" ? t("noRightDropIn") : t("noRightDatedCourse");
  }

  return { startNowText, rightText };
}

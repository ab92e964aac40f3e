import type { Account } from "@prisma/client";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GiftCardFace } from "@/components/gift-cards/gift-card-face";
import { buttonClass } from "@/components/ui/button";
import type { PublicProduct } from "@/lib/commerce/list-public-products";
import { formatMoney } from "@/lib/format/money";
import { pageLanguage } from "@/lib/i18n/page-language";
import { giftCardTexts } from "../gavekort/gift-card-texts";
import { giftCardPath } from "../studio-paths";

/**
 * The gift cards on sale, under the passes (`#gift-cards`): each with its amounts (the price list and
 * any range the buyer chooses within), its validity in words and a card to look at, linking to the
 * buy page with that card chosen.
 */
export async function GiftCardList({ account, giftCards }: { account: Account; giftCards: PublicProduct[] }) {
  const [t, { validityText, customAmountText }, language] = await Promise.all([
    getTranslations("GiftCardPages"),
    giftCardTexts(),
    pageLanguage(),
  ]);
  return (
    <section aria-labelledby="gift-cards" className="mt-10">
      <h2 id="gift-cards" className="scroll-mt-4 text-xl font-semibold text-brand-900">
        {t("sectionTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("sectionIntro")}</p>
      <ul className="mt-4 space-y-4">
        {giftCards.map((product) => {
          const amounts = product.prices.map((price) => formatMoney(price.amount, price.currency, account.locale));
          const custom = customAmountText(product, account.currency, account.locale);
          return (
            <li
              key={product.id}
              id={`product-${product.id}`}
              className="scroll-mt-4 rounded-lg border border-slate-200 p-4"
            >
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h3 className="text-lg font-semibold text-slate-900">{product.name}</h3>
                  <p className="text-sm text-slate-700">{validityText(product)}</p>
                  {product.description && <p className="mt-2 text-slate-800">{product.description}</p>}
                  {amounts.length > 0 && (
                    <p className="mt-2 font-semibold tabular-nums text-slate-900">{amounts.join(" · ")}</p>
                  )}
                  {custom && <p className="text-sm text-slate-700">{custom}</p>}
                  <Link
                    href={giftCardPath(account.slug, language, { product: product.id })}
                    aria-label={t("buyLabel", { name: product.name })}
                    className={buttonClass("primary", "sm", "mt-3")}
                  >
                    {t("buy")}
                  </Link>
                </div>
                <div className="hidden sm:block sm:w-56 sm:shrink-0">
                  <GiftCardFace
                    studio={account}
                    design={product.giftCardDesign === "colour" ? "colour" : "logo"}
                    amount={amounts[0] ?? formatMoney(product.customAmountMin ?? 0, account.currency, account.locale)}
                  />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

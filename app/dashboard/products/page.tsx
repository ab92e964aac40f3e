import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listCourseEnrolments } from "@/lib/commerce/list-course-enrolments";
import { listProducts } from "@/lib/commerce/list-products";
import { listEvents } from "@/lib/programme/list-events";
import { formatMoney } from "@/lib/format/money";
import { getMe } from "@/lib/users/get-me";
import { setProductStatusAction } from "./actions";
import { buttonClass } from "@/components/ui/button";
import { GIFT_CARD_VALIDITY_MONTHS } from "@/lib/schemas/product";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("ProductsPage");
  return { title: t("title") };
}

const STATUS_STYLE: Record<string, string> = {
  draft: "bg-amber-100 text-amber-900",
  active: "bg-brand-100 text-brand-900",
  archived: "bg-slate-200 text-slate-800",
};

export default async function ProductsPage() {
  const [viewer, t, tGift] = await Promise.all([
    requireAdministrator(),
    getTranslations("ProductsPage"),
    getTranslations("GiftCardProductList"),
  ]);
  const statusNames: Record<string, string> = {
    draft: t("statusDraft"),
    active: t("statusActive"),
    archived: t("statusArchived"),
  };
  const typeNames: Record<string, string> = {
    drop_in: t("typeDropIn"),
    class_pass: t("typeClassPass"),
    subscription: t("typeSubscription"),
    workshop: t("typeWorkshop"),
    teacher_training: t("typeTeacherTraining"),
    custom: t("typeCustom"),
    gift_card: tGift("typeGiftCard"),
  };
  const every = (interval: string, count: number) =>
    interval === "week"
      ? t("everyWeek", { count })
      : interval === "month"
        ? t("everyMonth", { count })
        : interval === "year"
          ? t("everyYear", { count })
          : "";
  /** What a gift card sells: how long its cards are valid, and the range of an amount the buyer chooses. */
  const sells = (product: Awaited<ReturnType<typeof listProducts>>[number], currency: string, locale: string) =>
    [
      tGift("validMonths", { count: product.validityMonths ?? GIFT_CARD_VALIDITY_MONTHS.default }),
      product.customAmountMin !== null && product.customAmountMax !== null
        ? tGift("customAmount", {
            min: formatMoney(product.customAmountMin, currency, locale),
            max: formatMoney(product.customAmountMax, currency, locale),
          })
        : "",
    ]
      .filter(Boolean)
      .join(" · ");
  /** What a product gives: its classes (or unlimited), how long it is valid, which classes it covers. */
  const gives = (product: Awaited<ReturnType<typeof listProducts>>[number]) =>
    [
      // As a purchase grants it (lib/commerce/entitlement-terms.ts): a drop-in is one class.
      product.type === "drop_in"
        ? t("classes", { count: 1 })
        : product.type !== "subscription" && product.classAllowance !== null
          ? t("classes", { count: product.classAllowance })
          : t("unlimited"),
      product.type === "subscription"
        ? ""
        : product.validityDays !== null
          ? t("validFor", { count: product.validityDays })
          : t("noExpiry"),
      product.eligibleEventIds.length > 0
        ? t("someClasses", { count: product.eligibleEventIds.length })
        : t("allClasses"),
    ]
      .filter(Boolean)
      .join(" · ");
  const [products, { account }, events] = await Promise.all([
    listProducts({ db: viewer.db }),
    getMe(viewer),
    listEvents({ db: viewer.db }),
  ]);
  const enrolments = await listCourseEnrolments(viewer.db, products);
  const eventTitles = new Map(events.map((event) => [event.id, event.title]));
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")}>{t("intro")}</PageHeader>
      <Link href="/dashboard/products/new" className={buttonClass("primary", "form")}>
        {t("newProduct")}
      </Link>
      {products.length === 0 ? <p className="text-slate-600">{t("noProducts")}</p> : null}
      <ul className="space-y-3">
        {products.map((product) => (
          <li key={product.id} className="rounded-lg border border-slate-300 bg-white p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-medium text-slate-900">
                <Link
                  href={`/dashboard/products/${product.id}`}
                  className="underline decoration-brand-600 underline-offset-2 hover:text-brand-700"
                >
                  {product.name}
                </Link>
              </h2>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[product.status] ?? ""}`}>
                {statusNames[product.status] ?? product.status}
              </span>
              <span className="text-sm text-slate-600">
                {typeNames[product.type] ?? product.type.replace(/_/g, " ")}
              </span>
            </div>
            {product.courseEventId ? (
              <p className="mt-1 text-sm text-slate-700">
                {t("course", { event: eventTitles.get(product.courseEventId) ?? "" })}
                {enrolments.has(product.id) ? (
                  <>
                    {" · "}
                    <span className="font-medium text-slate-900">
                      {t("enrolled", {
                        enrolled: enrolments.get(product.id)!.enrolled,
                        seats: enrolments.get(product.id)!.seats,
                      })}
                    </span>
                  </>
                ) : null}
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-700">
                {product.type === "gift_card" ? sells(product, account.currency, account.locale) : gives(product)}
              </p>
            )}
            {product.prices.length === 0 && product.type !== "gift_card" ? (
              <p className="mt-2 text-sm text-slate-600">{t("noPrice")}</p>
            ) : null}
            <ul className="mt-2 text-sm font-medium text-slate-900">
              {product.prices.map((price) => (
                <li key={price.id}>
                  {formatMoney(price.amount, price.currency, account.locale)}
                  {price.interval ? every(price.interval, price.intervalCount ?? 1) : ""}
                  {price.instalments ? t("inInstalments", { count: price.instalments }) : ""}
                  {price.minAge !== null || price.maxAge !== null
                    ? t("ages", { min: price.minAge ?? 0, max: price.maxAge ?? "∞" })
                    : ""}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap gap-2">
              {(["draft", "active", "archived"] as const)
                .filter((status) => status !== product.status)
                .map((status) => (
                  <ActionForm
                    key={status}
                    action={setProductStatusAction}
                    hidden={{ productId: product.id, status }}
                    submitLabel={
                      status === "active"
                        ? t("activate", { name: product.name })
                        : status === "draft"
                          ? t("moveToDraft", { name: product.name })
                          : t("archive", { name: product.name })
                    }
                    variant="secondary"
                    inline
                  />
                ))}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

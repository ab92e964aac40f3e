import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getStatusWords } from "@/lib/i18n/status-words";
import { buttonClass } from "@/components/ui/button";

const controlClass = "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";

/** The orders' filter: a GET form (it works without JavaScript), its fields named as GET /orders' parameters. */
export async function OrderFilterForm({
  values,
  products,
  filtered,
  person,
}: {
  values: Partial<Record<"status" | "productId" | "userId" | "from" | "to", string>>;
  products: { value: string; label: string }[];
  filtered: boolean;
  /** The person the list is of (the `userId` filter, from their page), kept by the form and named. */
  person?: { id: string; name: string } | null;
}) {
  const t = await getTranslations("OrdersPage");
  const { orderStatuses } = await getStatusWords();
  return (
    <form
      method="get"
      action="/dashboard/orders"
      role="search"
      aria-label={t("filterHeading")}
      className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
    >
      {person ? (
        <p className="text-sm text-slate-800 sm:col-span-2 lg:w-full">
          <input type="hidden" name="userId" value={person.id} />
          {t("personFilter", { name: person.name })}{" "}
          <Link href={`/dashboard/users/${person.id}`} className="text-brand-700 underline">
            {t("personPage")}
          </Link>
        </p>
      ) : null}
      <div className="lg:w-40">
        <label htmlFor="orders-status" className="block text-sm font-medium text-slate-800">
          {t("status")}
        </label>
        <select id="orders-status" name="status" defaultValue={values.status ?? ""} className={controlClass}>
          <option value="">{t("anyStatus")}</option>
          {orderStatuses.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="lg:w-56">
        <label htmlFor="orders-product" className="block text-sm font-medium text-slate-800">
          {t("product")}
        </label>
        <select id="orders-product" name="productId" defaultValue={values.productId ?? ""} className={controlClass}>
          <option value="">{t("anyProduct")}</option>
          {products.map((product) => (
            <option key={product.value} value={product.value}>
              {product.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="orders-from" className="block text-sm font-medium text-slate-800">
          {t("from")}
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={values.from ?? ""} className={controlClass} />
      </div>
      <div>
        <label htmlFor="orders-to" className="block text-sm font-medium text-slate-800">
          {t("to")}
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={values.to ?? ""} className={controlClass} />
      </div>
      <div className="flex items-end gap-3 sm:col-span-2">
        <button type="submit" className={buttonClass("primary", "form")}>
          {t("filter")}
        </button>
        {filtered ? (
          <Link href="/dashboard/orders" className="py-2 text-sm text-brand-700 underline">
            {t("clearFilter")}
          </Link>
        ) : null}
      </div>
    </form>
  );
}

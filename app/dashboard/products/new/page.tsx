import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listEvents } from "@/lib/programme/list-events";
import { getAccountSettings } from "@/lib/account/get-account-settings";
import { getMe } from "@/lib/users/get-me";
import { createProductAction } from "../actions";
import { ProductForm } from "../product-form";
import { newProductValues } from "../product-values";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NewProductPage");
  return { title: t("title") };
}

const TYPES = new Set(["drop_in", "class_pass", "subscription", "workshop", "teacher_training", "custom", "gift_card"]);

type Props = { searchParams: Promise<{ type?: string }> };

/** A new product; `?type=class_pass` (the setup checklist's link) starts as a pass. */
export default async function NewProductPage({ searchParams }: Props) {
  const [viewer, t, tRights, { type }] = await Promise.all([
    requireAdministrator(),
    getTranslations("NewProductPage"),
    getTranslations("PurchaseRights"),
    searchParams,
  ]);
  const [events, { account }, settings] = await Promise.all([
    listEvents({ db: viewer.db }),
    getMe(viewer),
    getAccountSettings({ accountId: viewer.accountId }),
  ]);
  return (
    <div className="space-y-6">
      <Link href="/dashboard/products" className="text-sm text-brand-700 underline">
        {t("allProducts")}
      </Link>
      <PageHeader title={t("title")}>{tRights("newProductRight")}</PageHeader>
      <ProductForm
        action={createProductAction}
        values={{ ...newProductValues(account.currency), ...(type && TYPES.has(type) ? { type } : {}) }}
        events={events.map((event) => ({ id: event.id, title: event.title }))}
        studioVatRate={settings.legal.vatRate}
        studio={{
          name: account.name,
          logoUrl: account.profile.logoUrl,
          accentColor: account.profile.accentColor,
          locale: account.locale,
        }}
      />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { getProductOrThrow } from "@/lib/commerce/get-product-or-throw";
import { AppError } from "@/lib/errors";
import { listEvents } from "@/lib/programme/list-events";
import { listCourseEnrolments } from "@/lib/commerce/list-course-enrolments";
import { getAccountSettings } from "@/lib/account/get-account-settings";
import { getMe } from "@/lib/users/get-me";
import { updateProductAction } from "../actions";
import { ProductForm } from "../product-form";
import { productFormValues } from "../product-values";
import { pageIdOrNotFound } from "@/lib/web/page-params";
import { pageLanguage } from "@/lib/i18n/page-language";
import { withdrawalWords } from "@/lib/withdrawals/withdrawal-words";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("EditProductPage");
  return { title: t("title") };
}

export default async function EditProductPage({ params }: { params: Promise<{ productId: string }> }) {
  const [viewer, t, language, { rightText }] = await Promise.all([
    requireAdministrator(),
    getTranslations("EditProductPage"),
    pageLanguage(),
    withdrawalWords(),
  ]);
  const productId = pageIdOrNotFound((await params).productId);
  const product = await getProductOrThrow({ db: viewer.db, productId }).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  });
  const [events, { account }, enrolments, settings] = await Promise.all([
    listEvents({ db: viewer.db }),
    getMe(viewer),
    listCourseEnrolments(viewer.db, [product]),
    getAccountSettings({ accountId: viewer.accountId }),
  ]);
  const enrolment = enrolments.get(product.id);
  return (
    <div className="space-y-6">
      <Link href="/dashboard/products" className="text-sm text-brand-700 underline">
        {t("allProducts")}
      </Link>
      <PageHeader title={t("editName", { name: product.name })}>{t("intro")}</PageHeader>
      {enrolment ? (
        <p className="rounded-lg border border-slate-300 bg-white p-4 text-slate-900" data-testid="course-enrolment">
          {t("enrolment", { enrolled: enrolment.enrolled, seats: enrolment.seats, classes: enrolment.classes })}
        </p>
      ) : null}
      <p className="rounded-lg border border-slate-300 bg-white p-4 text-slate-900" data-testid="product-withdrawal">
        {rightText(product)}
      </p>
      <ProductForm
        action={updateProductAction}
        values={productFormValues(product, language, account.timezone)}
        events={events.map((event) => ({ id: event.id, title: event.title }))}
        studioVatRate={settings.legal.vatRate}
        studio={{
          name: account.name,
          logoUrl: account.profile.logoUrl,
          accentColor: account.profile.accentColor,
          locale: account.locale,
        }}
        submitLabel={t("save")}
      />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/forms/page-header";
import { requireAdministrator } from "@/lib/web/require-administrator";
import { listEvents } from "@/lib/programme/list-events";
import { getMe } from "@/lib/users/get-me";
import { createProductAction } from "../actions";
import { ProductForm } from "../product-form";
import { newProductValues } from "../product-values";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New product" };

export default async function NewProductPage() {
  const viewer = await requireAdministrator();
  const [events, { account }] = await Promise.all([listEvents({ db: viewer.db }), getMe(viewer)]);
  return (
    <div className="space-y-6">
      <Link href="/dashboard/products" className="text-sm text-brand-700 underline">
        ← All products
      </Link>
      <PageHeader title="New product" />
      <ProductForm
        action={createProductAction}
        values={newProductValues(account.currency)}
        events={events.map((event) => ({ id: event.id, title: event.title }))}
        submitLabel="Create product"
      />
    </div>
  );
}

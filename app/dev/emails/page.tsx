import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { renderEmailPreviews } from "./email-previews";

export const dynamic = "force-dynamic";
export const metadata = { title: "Email previews" };

/** Every message the product sends, rendered with sample data. Development only. */
export default async function EmailPreviewsPage() {
  if (env().NODE_ENV !== "development") notFound();
  const previews = await renderEmailPreviews();
  return (
    <main className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Email previews</h1>
      <p className="mt-2 text-slate-700">
        Rendered with sample data by the same React Email templates the service sends.
      </p>
      {previews.map((preview) => (
        <section
          key={`${preview.name}-${preview.locale}`}
          className="mt-10"
          aria-labelledby={`email-${preview.name}-${preview.locale}`}
        >
          <h2 id={`email-${preview.name}-${preview.locale}`} className="text-lg font-semibold">
            {preview.name} ({preview.locale}): <span className="font-normal">{preview.subject}</span>
          </h2>
          <iframe
            title={`${preview.name} (${preview.locale}, HTML)`}
            srcDoc={preview.html}
            className="mt-3 h-96 w-full rounded border border-slate-300"
          />
          <details className="mt-2">
            <summary className="cursor-pointer text-brand-700">Text part</summary>
            <pre className="mt-2 whitespace-pre-wrap rounded bg-slate-50 p-3 text-sm">{preview.text}</pre>
          </details>
        </section>
      ))}
    </main>
  );
}

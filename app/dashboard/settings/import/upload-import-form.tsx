"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

const KINDS = ["people", "passes", "memberships", "bookings"] as const;

type Detail = { code: string; params?: Record<string, string | number> };

/**
 * Sends the chosen file as it is to POST /api/imports (the session's cookie; up to 10 MB, more than
 * a server action takes), then opens the import's preview.
 */
export function UploadImportForm() {
  const t = useTranslations("ImportUpload");
  const words = useTranslations("FieldErrors");
  const router = useRouter();
  const [error, setError] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const kindWords = {
    people: t("kind_people"),
    passes: t("kind_passes"),
    memberships: t("kind_memberships"),
    bookings: t("kind_bookings"),
  };

  function explain(detail: Detail): string {
    const field = String(detail.params?.field ?? "");
    const fieldWords: Record<string, string> = {
      email: t("field_email"),
      product: t("field_product"),
      nextRenewal: t("field_nextRenewal"),
      date: t("field_date"),
      time: t("field_time"),
      class: t("field_class"),
    };
    const line = String(detail.params?.line ?? "");
    const maximum = String(detail.params?.maximum ?? "");
    const fileWords: Record<string, () => string> = {
      import_empty: () => words("import_empty"),
      import_no_header: () => words("import_no_header"),
      import_field_unmapped: () => words("import_field_unmapped", { field: fieldWords[field] ?? field }),
      import_malformed: () => words("import_malformed", { line }),
      import_too_many_columns: () => words("import_too_many_columns", { maximum }),
      import_line_too_long: () =>
        words("import_line_too_long", { line, maximum: Math.floor(Number(detail.params?.maximum ?? 0) / 1024) }),
      unstorable_text: () => words("unstorable_text"),
    };
    return (fileWords[detail.code] ?? (() => t("failed")))();
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return setError([t("chooseFile")]);
    if (file.size > 10 * 1024 * 1024) return setError([t("tooLarge")]);
    setBusy(true);
    setError(null);
    try {
      const response = await fetch(`/api/imports?kind=${encodeURIComponent(String(form.get("kind")))}`, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: file,
      });
      const body = (await response.json().catch(() => ({}))) as { id?: string; details?: Detail[] };
      if (response.status === 201 && body.id) return router.push(`/dashboard/settings/import/${body.id}`);
      if (response.status === 413) return setError([t("tooLarge")]);
      if (response.status === 503) return setError([t("busy")]);
      setError((body.details ?? [{ code: "" }]).map(explain));
    } catch {
      setError([t("failed")]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={upload} className="max-w-xl space-y-4">
      {error ? (
        <Notice tone="error">
          {error.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </Notice>
      ) : null}
      <div className="space-y-1">
        <label htmlFor="import-kind" className="block text-sm font-medium text-slate-800">
          {t("kind")}
        </label>
        <select
          id="import-kind"
          name="kind"
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        >
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindWords[kind]}
            </option>
          ))}
        </select>
        <p className="text-sm text-slate-600">{t("kindHint")}</p>
      </div>
      <div className="space-y-1">
        <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
          {t("file")}
        </label>
        <input id="import-file" name="file" type="file" accept=".csv,.txt,text/csv" className="block w-full text-sm" />
        <p className="text-sm text-slate-600">{t("fileHint")}</p>
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? t("uploading") : t("upload")}
      </Button>
    </form>
  );
}

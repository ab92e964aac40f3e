"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { StudioState } from "@/lib/web/form-state";

/**
 * The member deletes their profile: "Delete my profile" opens a confirmation that says what goes
 * (their children first, who go with them), what stays with the studio and why, then the action
 * runs (and signs them out).
 */
export function DeleteProfile({
  remove,
  goingToo,
}: {
  remove: () => Promise<StudioState>;
  /** The member's children, who are erased with them: how many, and their names as a list ("Liva og Ida"). */
  goingToo: { count: number; names: string };
}) {
  const t = useTranslations("DeleteProfile");
  const [result, setResult] = useState<StudioState | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <details className="mt-4 text-sm">
      <summary className="inline-flex min-h-9 cursor-pointer items-center font-medium text-red-700 underline underline-offset-2">
        {t("delete")}
      </summary>
      <div className="mt-2 space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
        {goingToo.count > 0 && (
          <p className="font-medium text-slate-900">{t("childrenToo", { count: goingToo.count, names: goingToo.names })}</p>
        )}
        <p className="text-slate-900">{t("deleteExplained")}</p>
        <p className="text-slate-900">{t("whatStays")}</p>
        <Button
          variant="dangerSolid"
          size="sm"
          disabled={pending}
          onClick={() => startTransition(async () => setResult(await remove()))}
        >
          {pending ? t("deleting") : t("confirm")}
        </Button>
        <p aria-live="polite" className="empty:hidden">
          {result && !result.ok ? (
            <span role="alert" className="text-red-700">
              {result.error}
            </span>
          ) : null}
        </p>
      </div>
    </details>
  );
}

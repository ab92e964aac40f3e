"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import type { StudioState } from "@/lib/web/form-state";

/**
 * The attendee cancels their own membership: "Cancel membership" opens a confirmation that says until
 * when it stays usable (the end of the paid period), then the action runs.
 */
export function CancelMembership({
  product,
  usableUntil,
  cancel,
}: {
  product: string;
  /** The end of the paid period, formatted; null when open-ended (it then ends at once). */
  usableUntil: string | null;
  cancel: () => Promise<StudioState>;
}) {
  const t = useTranslations("CancelMembership");
  const [result, setResult] = useState<StudioState | null>(null);
  const [pending, startTransition] = useTransition();
  return (
    <details className="basis-full text-sm">
      <summary className="inline-flex min-h-9 cursor-pointer items-center font-medium text-brand-700 underline underline-offset-2">
        {t("cancel")}
        <span className="sr-only"> {product}</span>
      </summary>
      <div className="mt-2 space-y-3 rounded-md border border-red-200 bg-red-50 p-3">
        <p className="text-slate-900">
          {usableUntil ? t("stillUsable", { product, date: usableUntil }) : t("endsNow", { product })}
        </p>
        <Button
          variant="dangerSolid"
          size="sm"
          disabled={pending}
          onClick={() => startTransition(async () => setResult(await cancel()))}
        >
          {pending ? t("cancelling") : t("confirm")}
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

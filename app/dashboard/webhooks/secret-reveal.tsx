"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/forms/field";
import { focusOnReveal } from "@/components/forms/focus-on-reveal";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * A signing secret shown this once, with a copy button, the warning that it will not be shown again
 * and how to verify with it. It lives only in the caller's state: a reload loses it for good.
 */
export function SecretReveal({ secret, note }: { secret: string; note?: string }) {
  const t = useTranslations("WebhookForm");
  const id = useId();
  return (
    <div className="space-y-2 rounded-md border border-amber-400 bg-amber-50 p-4">
      <label htmlFor={`${id}-secret`} className="block text-sm font-medium text-slate-900">
        {t("secretLabel")}
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={`${id}-secret`}
          ref={focusOnReveal}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClass} mt-0 min-w-0 flex-1 font-mono text-sm`}
          aria-describedby={`${id}-warning`}
        />
        <CopyButton text={secret} label={t("copy")} copiedLabel={t("copied")} failedLabel={t("copyFailed")} />
      </div>
      <p id={`${id}-warning`} className="text-sm font-medium text-amber-900">
        {t("secretWarning")}
      </p>
      {note ? <p className="text-sm text-slate-800">{note}</p> : null}
      <p className="text-sm text-slate-700">{t("verifyHint")}</p>
    </div>
  );
}

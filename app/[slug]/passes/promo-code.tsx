"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, useId, useState, type ReactNode } from "react";

const PromoCode = createContext<{ code: string; setCode: (code: string) => void }>({ code: "", setCode: () => {} });

/** Holds the promo code typed once on the passes page, for every buy button under it. */
export function PromoCodeProvider({ children }: { children: ReactNode }) {
  const [code, setCode] = useState("");
  return <PromoCode.Provider value={{ code, setCode }}>{children}</PromoCode.Provider>;
}

/** The code a buy button sends: what was typed, trimmed; undefined when nothing was. */
export function usePromoCode(): string | undefined {
  return useContext(PromoCode).code.trim() || undefined;
}

/** "Have a promo code?": folded until opened, so that it does not ask everybody for a code. */
export function PromoCodeField() {
  const id = useId();
  const t = useTranslations("PromoCodeField");
  const { code, setCode } = useContext(PromoCode);
  return (
    <details className="mt-4 rounded-lg border border-slate-200 p-3" open={code !== "" || undefined}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-brand-700">
        {t("question")}
      </summary>
      <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-800">
        {t("label")}
      </label>
      <input
        id={id}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        className="mt-1 block min-h-11 w-full max-w-xs rounded-md border border-slate-400 px-3 py-2 uppercase"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t("hint")}
      </p>
    </details>
  );
}

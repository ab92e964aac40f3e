"use client";

import { useTranslations } from "next-intl";
import { useFormStatus } from "react-dom";
import { signOutAction } from "./sign-out";

function Submit() {
  const { pending } = useFormStatus();
  const t = useTranslations("SignOutButton");
  return (
    <button
      type="submit"
      disabled={pending}
      className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
    >
      {pending ? t("signingOut") : t("signOut")}
    </button>
  );
}

export function SignOutButton() {
  return (
    <form action={signOutAction}>
      <Submit />
    </form>
  );
}

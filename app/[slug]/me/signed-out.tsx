import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";

/** The member's page to someone not signed in: the page's title, a deleted profile's goodbye, and Sign in. */
export async function SignedOut({ signInHref, deleted }: { signInHref: string; deleted: boolean }) {
  const [t, tData] = await Promise.all([getTranslations("MyBookings"), getTranslations("MyData")]);
  return (
    <main className="mx-auto max-w-3xl px-4 pb-16 pt-6">
      <h1 className="text-2xl font-semibold text-brand-900">{t("title")}</h1>
      {deleted ? (
        <Notice tone="success" className="mt-4">
          {tData("deleted")}
        </Notice>
      ) : null}
      <p className="mt-3 text-slate-700">{t("signInToSee")}</p>
      <ButtonLink href={signInHref} className="mt-4">
        {t("signIn")}
      </ButtonLink>
    </main>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LanguageBar } from "@/components/language-bar";
import { SignUpForm } from "./sign-up-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignUp");
  return { title: t("title") };
}

// The server action writes to the database; nothing here may be prerendered at build time.
export const dynamic = "force-dynamic";

export default function SignUpPage() {
  return (
    <>
      <LanguageBar />
      <main className="mx-auto max-w-md px-4 pb-12 pt-6 sm:pb-16 sm:pt-10">
        <SignUpForm />
      </main>
    </>
  );
}

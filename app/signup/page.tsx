import type { Metadata } from "next";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Sign up your studio" };

// The server action writes to the database; nothing here may be prerendered at build time.
export const dynamic = "force-dynamic";

export default function SignUpPage() {
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <SignUpForm />
    </main>
  );
}

import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found", robots: { index: false } };

// Next's built-in 404 styles itself with inline style attributes, which the pages' policy refuses.
export default function NotFound() {
  return (
    <main className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-2xl font-semibold text-brand-900">Page not found</h1>
      <p className="mt-4 text-slate-700">This page could not be found.</p>
      <p className="mt-4">
        <Link className="font-medium text-brand-700 underline" href="/">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}

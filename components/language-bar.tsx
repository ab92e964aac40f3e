import type { ReactNode } from "react";
import { LanguageSwitcher } from "@/components/language-switcher";

/**
 * The top of a page outside a studio (home, sign-in, sign-up): an optional link on the left and the
 * Dansk · English switcher on the right, within the page's width.
 */
export function LanguageBar({
  children,
  width = "max-w-md",
}: {
  children?: ReactNode;
  width?: "max-w-md" | "max-w-3xl";
}) {
  return (
    <header className={`mx-auto flex ${width} flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 pt-4`}>
      <div className="min-w-0">{children}</div>
      <LanguageSwitcher className="-mr-2" />
    </header>
  );
}

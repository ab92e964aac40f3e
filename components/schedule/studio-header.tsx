import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/language-switcher";
import { isAccentColor, isLogoUrl } from "@/lib/schemas/account-profile";
import { AccentStripe } from "./accent-stripe";
import { DashboardLink } from "./dashboard-link";

export type StudioSection = "schedule" | "passes" | "me";

type Props = {
  /** With its profile's logo and accent colour when it has them (the Account). */
  studio: { name: string; slug: string; logoUrl?: string | null; accentColor?: string | null };
  /** The section the page belongs to, if any (the terms page belongs to none). */
  current?: StudioSection;
  /** Someone is signed in to this studio. */
  signedIn: boolean;
  /** A server action that signs out (a form post: works without JavaScript). */
  signOut: () => Promise<void>;
  signInHref: string;
  /** As wide as a page that uses a desktop's width (the schedule, a class page). */
  wide?: boolean;
};

const LINK = "rounded-md px-2 py-1.5 text-sm font-medium hover:bg-brand-50 sm:px-3";

/**
 * The studio's header: its logo and name, and the public navigation (Schedule, Passes, My bookings,
 * Sign in/out); a stripe of its accent colour along the top.
 */
export async function StudioHeader({ studio, current, signedIn, signOut, signInHref, wide }: Props) {
  const t = await getTranslations("StudioHeader");
  const base = `/${studio.slug}`;
  const items: { section: StudioSection; href: string; label: string }[] = [
    { section: "schedule", href: base, label: t("schedule") },
    { section: "passes", href: `${base}/passes`, label: t("passes") },
    { section: "me", href: `${base}/me`, label: t("myBookings") },
  ];
  return (
    <header className="border-b border-brand-100 bg-white">
      {isAccentColor(studio.accentColor) && <AccentStripe color={studio.accentColor} className="block h-1.5 w-full" />}
      <div
        className={`mx-auto flex max-w-3xl ${wide ? "lg:max-w-5xl" : ""} flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3`}
      >
        <Link href={base} className="flex min-w-0 items-center gap-3 text-lg font-semibold text-brand-900">
          {isLogoUrl(studio.logoUrl) && (
            // A studio's own https image on any host (the policy's img-src allows https:); next/image
            // would need every host listed. Empty alt: the name beside it says what the link is.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={studio.logoUrl}
              alt=""
              width={40}
              height={40}
              referrerPolicy="no-referrer"
              className="size-10 shrink-0 rounded-md object-contain"
            />
          )}
          <span className="min-w-0">{studio.name}</span>
        </Link>
        <nav aria-label={t("navigation")} className="-mx-2 flex flex-wrap items-center gap-1">
          {items.map((item) => (
            <Link
              key={item.section}
              href={item.href}
              aria-current={item.section === current ? "page" : undefined}
              className={`${LINK} ${item.section === current ? "bg-brand-100 text-brand-900" : "text-slate-700"}`}
            >
              {item.label}
            </Link>
          ))}
          <DashboardLink slug={studio.slug} className={`${LINK} text-brand-700`} />
          {signedIn ? (
            <form action={signOut}>
              <button type="submit" className={`${LINK} text-slate-700`}>
                {t("signOut")}
              </button>
            </form>
          ) : (
            <Link href={signInHref} className={`${LINK} border border-brand-700 text-brand-700`}>
              {t("signIn")}
            </Link>
          )}
        </nav>
        <LanguageSwitcher className="-mx-2 w-full justify-end sm:w-auto" />
      </div>
    </header>
  );
}

import Link from "next/link";
import { useTranslations } from "next-intl";

/**
 * One place held for a waitlisted person's offer (decision 0039): "Holdt til Ida Holm til kl. 18.40".
 * `until` is the offer's end as the page formats times (the studio's zone); `href` makes the name a link.
 */
export function HeldPlace({ attendee, until, href }: { attendee: string; until: string; href?: string }) {
  const t = useTranslations("HeldPlaces");
  return (
    <>
      {t.rich("heldFor", {
        attendee,
        time: until,
        person: (chunks) =>
          href ? (
            <Link
              href={href}
              className="text-brand-800 underline decoration-slate-300 underline-offset-4 hover:decoration-brand-700"
            >
              {chunks}
            </Link>
          ) : (
            chunks
          ),
      })}
    </>
  );
}

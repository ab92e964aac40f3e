import { useTranslations } from "next-intl";
import { AccentStripe } from "@/components/schedule/accent-stripe";
import { isLogoUrl } from "@/lib/schemas/account-profile";

export type GiftCardFaceProps = {
  /** The studio whose card it is, with its profile's logo and accent colour when it has them. */
  studio: { name: string; logoUrl?: string | null; accentColor?: string | null };
  /** The product's look: `logo` (the studio's logo on its colour) or `colour` (the colour alone). */
  design: "logo" | "colour";
  /** The card's amount (or balance), formatted: "500,00 kr.". */
  amount: string;
  recipientName?: string;
  /** The whole code, grouped 4-4-4 (shown once, after the purchase); else `last4`. */
  code?: string;
  /** The last four characters of the code, shown as "····ABCD". */
  last4?: string;
  /** "Gyldigt til 24. dec. 2029", or a validity stated in words before purchase. */
  validity?: string;
};

/**
 * A gift card as its holder sees it: a band of the studio's colour (its logo on it, for the `logo`
 * design), then on white "Gavekort", the amount, whom it is for and its code. The colour only fills
 * the band (SVG, as the accent stripe: the pages' CSP refuses inline styles), never a text's
 * background, so no colour makes the card hard to read. For the buy page's preview and receipt,
 * the member's page and the dashboard's card page.
 */
export function GiftCardFace({ studio, design, amount, recipientName, code, last4, validity }: GiftCardFaceProps) {
  const t = useTranslations("GiftCardFace");
  const logo = design === "logo" && isLogoUrl(studio.logoUrl) ? studio.logoUrl : null;
  const shownCode = code ?? (last4 ? `····${last4}` : null);
  return (
    <figure
      className="w-full max-w-sm overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-md"
      aria-label={t("label", { studio: studio.name, amount })}
      data-testid="gift-card-face"
    >
      <div className="relative flex h-24 items-center gap-3 px-5">
        <AccentStripe color={studio.accentColor} className="absolute inset-0 h-full w-full" />
        {logo ? (
          // A studio's own https image, as the studio header shows it (next/image would need every host listed).
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={logo}
            alt=""
            width={56}
            height={56}
            referrerPolicy="no-referrer"
            className="relative size-14 shrink-0 rounded-lg bg-white object-contain p-1"
          />
        ) : null}
        <span className="relative rounded-md bg-white/90 px-2 py-1 text-sm font-semibold text-slate-900">
          {studio.name}
        </span>
      </div>
      <figcaption className="space-y-1 px-5 pb-5 pt-4">
        <p className="text-xs font-semibold uppercase tracking-widest text-slate-600">{t("giftCard")}</p>
        <p className="text-3xl font-semibold tabular-nums text-slate-900">{amount}</p>
        {recipientName ? <p className="text-slate-800">{t("to", { name: recipientName })}</p> : null}
        {shownCode ? (
          <p className="pt-2 font-mono text-lg tracking-widest text-slate-900" data-testid="gift-card-code">
            <span className="sr-only">{t("code")}: </span>
            {shownCode}
          </p>
        ) : null}
        {validity ? <p className="text-sm text-slate-600">{validity}</p> : null}
      </figcaption>
    </figure>
  );
}

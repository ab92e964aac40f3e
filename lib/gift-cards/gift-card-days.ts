// A gift card's days in words, as its emails and card state them: "4. december 2029" (da-DK),
// "4 December 2029" (en-DK). No server-only: pure formatting.

type Where = { formatLocale: string; zone: string };

/** The day of `instant` in the studio's zone, in words with its year: "Gyldigt til og med 4. december 2029". */
export function formatGiftCardDay(instant: Date, { formatLocale, zone }: Where): string {
  return new Intl.DateTimeFormat(formatLocale, {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: zone,
  }).format(instant);
}

/** A studio's day "2026-12-24" (deliverOn) in words, without its year: "24. december". */
export function formatGiftCardDeliverDay(localDate: string, { formatLocale }: Where): string {
  return new Intl.DateTimeFormat(formatLocale, { day: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${localDate}T12:00:00Z`),
  );
}

/** A phone number as a `tel:` address: its digits and a leading +, nothing a dialler trips on ("+45 20 12 34 56" → "tel:+4520123456"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "")}`;
}

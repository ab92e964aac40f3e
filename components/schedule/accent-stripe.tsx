import { isAccentColor } from "@/lib/schemas/account-profile";

/**
 * A bar in the studio's accent colour, or in the brand's light green without one. Drawn as SVG
 * (a fill attribute): the pages' Content-Security-Policy refuses inline style attributes, and the
 * colour only ever fills a decorative bar, never text or its background, so no accent colour can
 * make anything hard to read.
 */
export function AccentStripe({ color, className }: { color: string | null | undefined; className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} viewBox="0 0 1 1" preserveAspectRatio="none">
      <rect
        width="1"
        height="1"
        className={isAccentColor(color) ? undefined : "fill-brand-100"}
        fill={isAccentColor(color) ? color : undefined}
      />
    </svg>
  );
}

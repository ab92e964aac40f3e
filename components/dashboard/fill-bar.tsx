import { useTranslations } from "next-intl";
import { fillRate } from "@/lib/admin/fill-rate";

/**
 * Booked places of a class as a bar and as text ("7 / 10 booked, 70%"); the text is what screen
 * readers get. Of the taken places, `held` are held for an offer (decision 0039): said apart ("2
 * booked · 1 held (3 / 3, 100%)"). A class booked beyond its capacity (kept when the capacity was
 * lowered) says so in words rather than as a ratio.
 */
export function FillBar({
  booked,
  capacity,
  waitlisted = 0,
  held = 0,
}: {
  /** Places taken: confirmed and held. */
  booked: number;
  capacity: number;
  waitlisted?: number;
  held?: number;
}) {
  const t = useTranslations("FillBar");
  const ratio = fillRate(booked, capacity);
  const percent = Math.round(ratio * 100);
  const over = booked > capacity; // a lowered capacity keeps its bookings: the bar is full, the text says how
  const tone = over || ratio >= 1 ? "fill-amber-600" : ratio >= 0.75 ? "fill-brand-700" : "fill-brand-600";
  return (
    <div className="min-w-32">
      {/* SVG attributes, not a style attribute: the pages' Content-Security-Policy refuses inline styles. */}
      <svg
        className="block h-2 w-full overflow-hidden rounded-full bg-slate-200"
        viewBox="0 0 100 1"
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <rect className={tone} width={over ? 100 : percent} height="1" />
      </svg>
      <p className="mt-1 text-xs text-slate-700">
        {capacity === 0 && booked > 0
          ? t("closed", { booked })
          : booked > capacity
            ? t("overCapacity", { booked, capacity, over: booked - capacity })
            : held > 0
              ? t("bookedAndHeld", { booked: booked - held, held, taken: booked, capacity, percent })
              : t("booked", { booked, capacity, percent })}
        {waitlisted > 0 ? t("waiting", { count: waitlisted }) : ""}
      </p>
    </div>
  );
}

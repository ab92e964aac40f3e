import { fillRate } from "@/lib/admin/fill-rate";

/** Booked places of a class as a bar and as text ("7 / 10 booked, 70%"); the text is what screen readers get. */
export function FillBar({
  booked,
  capacity,
  waitlisted = 0,
}: {
  booked: number;
  capacity: number;
  waitlisted?: number;
}) {
  const ratio = fillRate(booked, capacity);
  const percent = Math.round(ratio * 100);
  const tone = ratio >= 1 ? "bg-amber-600" : ratio >= 0.75 ? "bg-brand-700" : "bg-brand-600";
  return (
    <div className="min-w-32">
      <div className="h-2 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-full ${tone}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-700">
        {booked} / {capacity} booked ({percent}%){waitlisted > 0 ? ` · ${waitlisted} waiting` : ""}
      </p>
    </div>
  );
}

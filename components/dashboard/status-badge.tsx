import { useTranslations } from "next-intl";

const TONES: Record<string, string> = {
  scheduled: "bg-emerald-50 text-emerald-900 ring-emerald-700/30",
  published: "bg-emerald-50 text-emerald-900 ring-emerald-700/30",
  active: "bg-emerald-50 text-emerald-900 ring-emerald-700/30",
  moved: "bg-sky-50 text-sky-900 ring-sky-700/30",
  paused: "bg-amber-50 text-amber-900 ring-amber-700/30",
  draft: "bg-amber-50 text-amber-900 ring-amber-700/30",
  cancelled: "bg-red-50 text-red-800 ring-red-700/30",
  ended: "bg-slate-100 text-slate-800 ring-slate-600/30",
  held: "bg-slate-100 text-slate-800 ring-slate-600/30",
  archived: "bg-slate-100 text-slate-800 ring-slate-600/30",
};

/** A status as a coloured pill, in words (the status itself when it is not one we know). */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const t = useTranslations("StatusBadge");
  const names: Record<string, string> = {
    scheduled: t("scheduled"),
    published: t("published"),
    active: t("active"),
    moved: t("moved"),
    paused: t("paused"),
    draft: t("draft"),
    cancelled: t("cancelled"),
    ended: t("ended"),
    held: t("held"),
    archived: t("archived"),
  };
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[status] ?? TONES.archived}`}
    >
      {label ?? names[status] ?? status}
    </span>
  );
}

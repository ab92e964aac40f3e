import { getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/forms/action-form";
import { Section } from "@/components/forms/page-header";
import { formatDateTime } from "@/components/dashboard/format";
import type { MemberStrikes } from "@/lib/strikes/get-member-strikes";
import type { Studio } from "@/lib/web/get-active-studio";
import { clearStrikesAction } from "../actions";

/**
 * The member's strikes within the studio's window, the block they started, and "Lift" for the desk;
 * nothing while the studio has strikes off.
 */
export async function StrikesSection({
  userId,
  strikes,
  studio,
}: {
  userId: string;
  strikes: MemberStrikes;
  studio: Studio;
}) {
  const t = await getTranslations("PersonStrikes");
  if (strikes.limit === 0) return null; // strikes are off: nothing counts, nothing blocks
  return (
    <Section id="strikes" title={t("heading")}>
      <p className="text-slate-800">
        {t("count", { count: strikes.strikes.length, limit: strikes.limit, days: strikes.windowDays })}
      </p>
      {strikes.blockedUntil && (
        <p className="mt-2 font-medium text-red-800">
          {t("blocked", { until: formatDateTime(strikes.blockedUntil, studio) })}
        </p>
      )}
      {strikes.strikes.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {strikes.strikes.map((strike) => {
            const facts = { name: strike.className, when: formatDateTime(strike.classStartsAt, studio) };
            return (
              <li key={strike.bookingId}>{strike.kind === "no_show" ? t("noShow", facts) : t("lateCancel", facts)}</li>
            );
          })}
        </ul>
      )}
      {(strikes.blockedUntil || strikes.strikes.length > 0) && (
        <div className="mt-4">
          <ActionForm
            action={clearStrikesAction}
            hidden={{ userId }}
            submitLabel={strikes.blockedUntil ? t("lift") : t("clear")}
            pendingLabel={t("lifting")}
            variant="secondary"
            inline
          />
        </div>
      )}
    </Section>
  );
}

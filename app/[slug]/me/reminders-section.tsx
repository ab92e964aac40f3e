import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { setEmailRemindersAction } from "./settings-actions";

/** The member's switch for reminder emails (PATCH /me `emailReminders`), with what the studio sends and when. */
export async function RemindersSection(props: { slug: string; on: boolean; reminderHours: number; changed?: string }) {
  const t = await getTranslations("MyReminders");
  const { slug, on, reminderHours, changed } = props;
  return (
    <section aria-labelledby="reminders" className="mt-8">
      <h2 id="reminders" className="text-lg font-semibold">
        {t("title")}
      </h2>
      {changed === "on" || changed === "off" ? (
        <Notice tone="success" className="mt-3">
          {changed === "on" ? t("turnedOn") : t("turnedOff")}
        </Notice>
      ) : null}
      <p className="mt-2 text-slate-700">
        {!on ? t("off") : reminderHours > 0 ? t("on", { hours: reminderHours }) : t("onButStudioSendsNone")}
      </p>
      <form action={setEmailRemindersAction.bind(null, slug, { emailReminders: !on })} className="mt-3">
        <button type="submit" className={buttonClass("secondary")}>
          {on ? t("turnOff") : t("turnOn")}
        </button>
      </form>
    </section>
  );
}

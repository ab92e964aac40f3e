import { getTranslations } from "next-intl/server";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { Notice } from "@/components/ui/notice";
import type { PersonAuth } from "@/lib/auth/authenticate-credential";
import { getOrCreateCalendarFeed } from "@/lib/calendar/personal-feed";
import { renewCalendarLinkAction } from "./settings-actions";

/**
 * The member's own calendar link (GET /me/calendar's function), made only when they ask to see it
 * (`?calendar=`), with a subscribe link for phone calendars and Google, a copy button, and a way to
 * replace it when it was shared by mistake.
 */
export async function CalendarLinkSection({ slug, viewer, shown }: { slug: string; viewer: PersonAuth; shown?: string }) {
  const t = await getTranslations("MyCalendar");
  const heading = (
    <h2 id="calendar" className="text-lg font-semibold">
      {t("title")}
    </h2>
  );
  if (!shown) {
    return (
      <section aria-labelledby="calendar" className="mt-8">
        {heading}
        <p className="mt-2 text-slate-700">{t("intro")}</p>
        <ButtonLink href={`/${slug}/me?calendar=show#calendar`} variant="secondary" className="mt-3">
          {t("show")}
        </ButtonLink>
      </section>
    );
  }
  const { url } = await getOrCreateCalendarFeed({ db: viewer.db, accountId: viewer.accountId, userId: viewer.userId });
  const webcal = url.replace(/^https?:/, "webcal:");
  return (
    <section aria-labelledby="calendar" className="mt-8">
      {heading}
      {shown === "renewed" && (
        <Notice tone="success" className="mt-3">
          {t("renewed")}
        </Notice>
      )}
      <p className="mt-2 text-slate-700">{t("howTo")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={webcal} className={buttonClass("primary")}>
          {t("subscribe")}
        </a>
        <a
          href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`}
          className={buttonClass("secondary")}
          rel="noopener noreferrer"
          target="_blank"
        >
          {t("google")}
        </a>
      </div>
      <label htmlFor="calendar-url" className="mt-4 block text-sm font-medium text-slate-800">
        {t("link")}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="calendar-url"
          readOnly
          value={url}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 text-sm text-slate-800"
        />
        <CopyButton text={url} label={t("copy")} copiedLabel={t("copied")} failedLabel={t("copyFailed")} />
      </div>
      <p className="mt-2 text-sm text-slate-600">{t("private")}</p>
      <form action={renewCalendarLinkAction.bind(null, slug)} className="mt-2">
        <button type="submit" className={buttonClass("ghost", "sm", "px-0")}>
          {t("renew")}
        </button>
      </form>
    </section>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageBar } from "@/components/language-bar";
import { DemoPanel, type DemoAttendeeOption } from "@/components/home/demo-panel";
import { getDemoAccountOrThrow } from "@/lib/demo/get-demo-account-or-throw";
import { listDemoPeople } from "@/lib/demo/list-demo-people";
import { AppError } from "@/lib/errors";
import { getConfig } from "@/lib/system/get-config";
import { findSignedInIdentity } from "@/lib/users/find-signed-in-identity";
import { getViewer } from "@/lib/web/viewer";
import { isStaff } from "@/lib/auth/instance-permission";
import { buttonClass } from "@/components/ui/button";

// Reads the demo studio's people from the database on every request.
export const dynamic = "force-dynamic";

/** The demo personas offered on the home page, or undefined when the demo studio is not there. */
async function demoAttendees(): Promise<DemoAttendeeOption[] | undefined> {
  try {
    const account = await getDemoAccountOrThrow();
    const users = await listDemoPeople({ accountId: account.id });
    return users.map((user) => ({ id: user.id, displayName: user.displayName }));
  } catch (error) {
    if (error instanceof AppError && error.code === "demo_disabled") return undefined;
    throw error;
  }
}

/** Who is signed in (web or demo session), with where they would go next. */
async function signedIn() {
  const viewer = await getViewer();
  if (!viewer) return undefined;
  const identity = await findSignedInIdentity(viewer);
  if (!identity) return undefined;
  const { user, account } = identity;
  return isStaff(viewer.persona)
    ? { name: user.displayName, account: account.name, href: "/dashboard", dashboard: true }
    : { name: user.displayName, account: account.name, href: `/${account.slug}`, dashboard: false };
}

export default async function HomePage() {
  const { demoEnabled } = getConfig();
  const [attendees, viewer, t] = await Promise.all([
    demoEnabled ? demoAttendees() : undefined,
    signedIn(),
    getTranslations("Home"),
  ]);
  const features = [
    { title: t("scheduleTitle"), text: t("scheduleText") },
    { title: t("dashboardTitle"), text: t("dashboardText") },
    { title: t("apiTitle"), text: t("apiText") },
  ];

  return (
    <>
      <LanguageBar width="max-w-3xl" />
      <main className="mx-auto max-w-3xl px-4 pb-12 pt-6 sm:pb-16 sm:pt-10">
        <h1 className="text-3xl font-semibold tracking-tight text-brand-900">{t("title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("intro")}</p>

        {viewer && (
          <section aria-label={t("yourAccount")} className="mt-6 rounded-lg bg-brand-50 p-4">
            <p className="text-brand-900">
              {t.rich("signedInAs", {
                name: viewer.name,
                studio: viewer.account,
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
            <p className="mt-2">
              <Link className="font-medium text-brand-700 underline" href={viewer.href}>
                {viewer.dashboard ? t("goToDashboard") : t("openStudio", { studio: viewer.account })}
              </Link>
            </p>
          </section>
        )}

        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {features.map((feature) => (
            <li key={feature.title} className="rounded-lg bg-brand-50 p-4">
              <h2 className="font-semibold text-brand-900">{feature.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{feature.text}</p>
            </li>
          ))}
        </ul>

        {demoEnabled && (
          <section aria-labelledby="try-the-demo" className="mt-12 rounded-xl border-2 border-brand-100 p-4 sm:p-6">
            <h2 id="try-the-demo" className="text-2xl font-semibold text-brand-900">
              {t("tryDemo")}
            </h2>
            <p className="mt-2 text-slate-700">{t("demoIntro")}</p>
            {attendees ? (
              <DemoPanel attendees={attendees} />
            ) : (
              <p role="alert" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
                {t("demoMissing")}
              </p>
            )}
          </section>
        )}

        <section aria-labelledby="get-started" className="mt-12">
          <h2 id="get-started" className="text-2xl font-semibold text-brand-900">
            {t("getStarted")}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-4">
            <li>
              <Link className={buttonClass()} href="/signup">
                {t("signUp")}
              </Link>
            </li>
            {demoEnabled && (
              <li>
                <Link className={buttonClass("secondary")} href="/demo">
                  {t("openDemo")}
                </Link>
              </li>
            )}
            <li>
              {/* /docs/ is a route handler (the API reference), not a page: a full navigation. */}
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a className={buttonClass("secondary")} href="/docs/">
                {t("apiDocs")}
              </a>
            </li>
            <li>
              <Link className="inline-block px-4 py-2 font-medium text-brand-700 underline" href="/sign-in">
                {t("signIn")}
              </Link>
            </li>
          </ul>
        </section>
      </main>
    </>
  );
}

import { getTranslations } from "next-intl/server";
import type { Account } from "@prisma/client";
import { AccentStripe } from "./accent-stripe";
import { serializeProfile } from "@/lib/schemas/account-profile";

type Props = {
  studio: Pick<Account, "name" | "description" | "accentColor" | "logoUrl" | "contactEmail" | "website">;
  /** As wide as a page that uses a desktop's width (the schedule). */
  wide?: boolean;
};

/** "example.com/yoga" for https://www.example.com/yoga/: a website as people say it. */
function displayHost(website: string): string {
  const url = new URL(website);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.host.replace(/^www\./, "")}${path}`;
}

/**
 * "About the studio" under the header of the schedule: the studio's description and how to reach it
 * (its profile, edited in Settings); nothing when the studio has written none of it.
 */
export async function StudioProfile({ studio, wide }: Props) {
  const profile = serializeProfile(studio);
  if (!profile.description && !profile.contactEmail && !profile.website) return null;
  const t = await getTranslations("StudioProfile");
  return (
    <aside aria-labelledby="studio-about" className="border-b border-slate-200 bg-slate-50">
      <div className={`mx-auto max-w-3xl ${wide ? "lg:max-w-5xl" : ""} px-4 py-4`}>
        <div className="relative pl-4">
          <AccentStripe color={profile.accentColor} className="absolute inset-y-0 left-0 h-full w-1" />
          <p id="studio-about" className="text-sm font-semibold text-slate-900">
            {t("heading", { studio: studio.name })}
          </p>
          {profile.description && (
            <p className="mt-1 max-w-prose whitespace-pre-line text-sm text-slate-700">{profile.description}</p>
          )}
          {(profile.contactEmail || profile.website) && (
            <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm">
              {profile.contactEmail && (
                <li>
                  <span className="text-slate-600">{t("email")}: </span>
                  <a
                    href={`mailto:${profile.contactEmail}`}
                    className="break-all font-medium text-brand-700 underline underline-offset-2"
                  >
                    {profile.contactEmail}
                  </a>
                </li>
              )}
              {profile.website && (
                <li>
                  <span className="text-slate-600">{t("website")}: </span>
                  <a
                    href={profile.website}
                    rel="noopener noreferrer"
                    className="break-all font-medium text-brand-700 underline underline-offset-2"
                  >
                    {displayHost(profile.website)}
                  </a>
                </li>
              )}
            </ul>
          )}
        </div>
      </div>
    </aside>
  );
}

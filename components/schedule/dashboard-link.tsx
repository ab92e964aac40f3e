import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { findAccountSlug } from "@/lib/account/find-account-slug";
import { isStaff } from "@/lib/auth/instance-permission";
import { getViewer } from "@/lib/web/viewer";

/**
 * "Dashboard" in a studio's public header, for a signed-in administrator or teacher of this studio
 * (someone signed in elsewhere, or an attendee, sees nothing).
 */
export async function DashboardLink({ slug, className }: { slug: string; className: string }) {
  const viewer = await getViewer();
  if (!viewer || !isStaff(viewer.persona)) return null;
  if ((await findAccountSlug({ accountId: viewer.accountId })) !== slug) return null;
  const t = await getTranslations("StudioHeader");
  return (
    <Link href="/dashboard" className={className}>
      {t("dashboard")}
    </Link>
  );
}

import "server-only";
import { getTranslations } from "next-intl/server";
import { formatTime } from "@/components/dashboard/format";
import type { Auth } from "@/lib/auth/authenticate-credential";
import { listClassPlaces } from "@/lib/bookings/list-class-places";
import { nameWithGuardian } from "@/lib/households/child-of";
import { pageLanguage } from "@/lib/i18n/page-language";
import type { Studio } from "@/lib/web/get-active-studio";

/** A place held for an offer as the panel names it: who (as the roster names them) and until when. */
export type PanelHeldPlace = { bookingId: string; attendeeId: string; name: string; until: string };

/** The held places of one class for the calendar's panel, in the studio's zone. */
export async function panelHeldPlaces(viewer: Auth, instanceId: string, studio: Studio): Promise<PanelHeldPlace[]> {
  const [{ held }, language, tHousehold] = await Promise.all([
    listClassPlaces({ db: viewer.db, actor: viewer, instanceId }),
    pageLanguage(),
    getTranslations("Household"),
  ]);
  return held.map((booking) => ({
    bookingId: booking.id,
    attendeeId: booking.attendeeId,
    name: nameWithGuardian(booking.attendee, language, (values) => tHousehold("childOf", values)),
    until: formatTime(booking.offerExpiresAt, studio),
  }));
}

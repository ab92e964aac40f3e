import { Button, Text } from "@react-email/components";
import { translatorFor } from "@/lib/i18n/translator";
import { BookingEmailLayout, type BookingEmailProps } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export type BookingOfferedEmailProps = BookingEmailProps & {
  /** Until when the place is held, in words with its weekday: "fredag kl. 08.00". */
  heldUntil: string;
  /** The member's page, where the offer is claimed. */
  claimUrl: string;
};

/** A freed place offered to a waitlisted member (decision 0039): held until `heldUntil`, to claim. */
export function BookingOfferedEmail({ booked, locale, heldUntil, claimUrl }: BookingOfferedEmailProps) {
  const t = translatorFor(locale, "BookingOfferedEmail");
  return (
    <BookingEmailLayout
      locale={locale}
      preview={t("preview", { title: booked.eventTitle, time: heldUntil })}
      heading={t("heading", { time: heldUntil })}
      booked={booked}
    >
      <Text>{t("body", { time: heldUntil })}</Text>
      <Button
        href={claimUrl}
        style={{ backgroundColor: "#0f172a", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}
      >
        {t("claim")}
      </Button>
    </BookingEmailLayout>
  );
}

/** Language, subject, HTML and text of the offer email. */
export async function renderBookingOfferedEmail(props: BookingOfferedEmailProps) {
  const t = translatorFor(props.locale, "BookingOfferedEmail");
  return {
    locale: props.locale,
    subject: t("subject", { title: props.booked.eventTitle, time: props.heldUntil }),
    ...(await renderBoth(<BookingOfferedEmail {...props} />)),
  };
}

import { Text } from "@react-email/components";
import { BookingEmailLayout, type BookedClass } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export function BookingClassCancelledEmail({ booked, waitlisted }: { booked: BookedClass; waitlisted: boolean }) {
  return (
    <BookingEmailLayout
      preview={`${booked.eventTitle} is cancelled`}
      heading="Class cancelled by the studio"
      booked={booked}
    >
      <Text>
        We are sorry: the studio has cancelled this class.{" "}
        {waitlisted
          ? "Your place on the waitlist has ended."
          : "Your booking is cancelled and the class has been returned to your pass or membership."}
      </Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingClassCancelledEmail(props: { booked: BookedClass; waitlisted: boolean }) {
  return {
    subject: `Class cancelled: ${props.booked.eventTitle}, ${props.booked.when}`,
    ...(await renderBoth(<BookingClassCancelledEmail {...props} />)),
  };
}

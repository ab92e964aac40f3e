import { Text } from "@react-email/components";
import { BookingEmailLayout, type BookedClass } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export type BookingCancelledProps = {
  booked: BookedClass;
  /** `late_cancelled`: inside the cancellation window, the class counts as used. */
  late: boolean;
  /** The booking was on the waitlist: no place and no credit were involved. */
  waitlisted: boolean;
};

export function BookingCancelledEmail({ booked, late, waitlisted }: BookingCancelledProps) {
  const consequence = waitlisted
    ? "You have left the waitlist."
    : late
      ? "It was cancelled inside the cancellation window, so the class counts as used."
      : "The class has been returned to your pass or membership.";
  return (
    <BookingEmailLayout
      preview={`Your booking of ${booked.eventTitle} is cancelled`}
      heading="Booking cancelled"
      booked={booked}
    >
      <Text>Your booking is cancelled. {consequence}</Text>
    </BookingEmailLayout>
  );
}

export async function renderBookingCancelledEmail(props: BookingCancelledProps) {
  return {
    subject: `Booking cancelled: ${props.booked.eventTitle}, ${props.booked.when}`,
    ...(await renderBoth(<BookingCancelledEmail {...props} />)),
  };
}

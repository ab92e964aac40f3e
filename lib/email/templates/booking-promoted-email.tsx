import { Text } from "@react-email/components";
import { BookingEmailLayout, type BookedClass } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export function BookingPromotedEmail({ booked }: { booked: BookedClass }) {
  return (
    <BookingEmailLayout
      preview={`A place in ${booked.eventTitle} is yours`}
      heading="You are off the waitlist"
      booked={booked}
    >
      <Text>
        A place came free and it is yours: your booking is confirmed and one class was taken from your pass or
        membership. The attached calendar file adds the class to your calendar.
      </Text>
    </BookingEmailLayout>
  );
}

/** Subject, HTML and text of the promotion email; the caller attaches the .ics file. */
export async function renderBookingPromotedEmail(booked: BookedClass) {
  return {
    subject: `Off the waitlist: ${booked.eventTitle}, ${booked.when}`,
    ...(await renderBoth(<BookingPromotedEmail booked={booked} />)),
  };
}

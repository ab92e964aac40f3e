import { Text } from "@react-email/components";
import { BookingEmailLayout, type BookedClass } from "./booking-email-layout";
import { renderBoth } from "./render-both";

export function BookingConfirmedEmail({ booked }: { booked: BookedClass }) {
  return (
    <BookingEmailLayout
      preview={`Your place in ${booked.eventTitle} is booked`}
      heading="Booking confirmed"
      booked={booked}
    >
      <Text>Your place is booked. The attached calendar file adds the class to your calendar.</Text>
    </BookingEmailLayout>
  );
}

/** Subject, HTML and text of the confirmation; the caller attaches the .ics file. */
export async function renderBookingConfirmedEmail(booked: BookedClass) {
  return {
    subject: `Booking confirmed: ${booked.eventTitle}, ${booked.when}`,
    ...(await renderBoth(<BookingConfirmedEmail booked={booked} />)),
  };
}

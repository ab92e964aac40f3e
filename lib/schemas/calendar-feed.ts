import { text } from "./common";
import { z } from "./zod";

export const CalendarFeedUrlSchema = z
  .object({
    url: z.string().openapi({
      description: "The member's own feed: an absolute https URL ending in `.ics`, to subscribe to in a calendar app",
      example: "https://studio-booking.example/api/calendar/3q2-7wQhZ0b1yJtN6T0sE2l8mA9xV4cR5uK1pO7gD3f.ics",
    }),
  })
  .openapi("CalendarFeedUrl");

export const CalendarFeedFileParams = z.object({
  file: text()
    .max(200)
    .openapi({ description: "The feed's secret token followed by `.ics`, as GET /me/calendar gives it" }),
});

-- Where `p_now` falls in the booking window of a class starting at `p_starts_at` (decisions §7):
-- 'started' from its start on, 'not_open_yet' before `p_opens_days_before` days ahead, 'closed'
-- after `p_closes_minutes_before` minutes ahead, else 'open'. Days are 24 hours (timestamps are UTC).
-- The TypeScript twin, lib/bookings/booking-window.ts, explains the window on the public schedule;
-- lib/bookings/booking-window.test.ts holds the two together.
CREATE OR REPLACE FUNCTION booking_window_state(
  p_now timestamp, p_starts_at timestamp, p_opens_days_before integer, p_closes_minutes_before integer
) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
           WHEN p_now >= p_starts_at THEN 'started'
           WHEN p_now < p_starts_at - p_opens_days_before * interval '1 day' THEN 'not_open_yet'
           WHEN p_now > p_starts_at - p_closes_minutes_before * interval '1 minute' THEN 'closed'
           ELSE 'open'
         END
$$;

-- Whether a pause [p_paused_from, p_paused_until) (the studio's dates, until exclusive) holds a class
-- starting at `p_starts_at` (UTC) in the studio's `p_timezone`. No pause (null): false. The same rule
-- in TypeScript is isPausedAt (lib/commerce/entitlement-pause.ts); entitlement-pause.test.ts holds
-- the two together.
CREATE OR REPLACE FUNCTION entitlement_paused_at(
  p_paused_from date, p_paused_until date, p_starts_at timestamp, p_timezone text
) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT p_paused_from IS NOT NULL AND p_paused_until IS NOT NULL
     AND ((p_starts_at AT TIME ZONE 'UTC') AT TIME ZONE p_timezone)::date >= p_paused_from
     AND ((p_starts_at AT TIME ZONE 'UTC') AT TIME ZONE p_timezone)::date < p_paused_until
$$;

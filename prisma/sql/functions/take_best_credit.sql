-- Takes one credit for a class from the attendee's best usable entitlement (usable_entitlements'
-- order), or from the next one when a concurrent booking took the last credit of the first
-- meanwhile. The entitlement's id, or NULL when none had a credit left.
CREATE OR REPLACE FUNCTION take_best_credit(
  p_account_id text, p_user_id text, p_event_id text, p_starts_at timestamp,
  p_only text DEFAULT NULL, p_preferred text DEFAULT NULL
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  candidate text;
  taken text;
BEGIN
  FOR candidate IN
    SELECT u FROM usable_entitlements(p_account_id, p_user_id, p_event_id, p_starts_at, p_only, p_preferred) u
  LOOP
    SELECT t INTO taken FROM take_credit(p_account_id, candidate) t;
    IF taken IS NOT NULL THEN
      RETURN taken;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;

/**
 * A class's status as staff read it: `held` once its end has passed (a cancelled class stays
 * cancelled), else its stored status (`scheduled`, `moved`, `cancelled`).
 */
export function shownInstanceStatus(instance: { status: string; endsAt: Date }, now: Date): string {
  return instance.status !== "cancelled" && instance.endsAt <= now ? "held" : instance.status;
}

import "server-only";
import type { Persona } from "@/lib/auth/persona";
import { listPersonBookings } from "@/lib/bookings/list-person-bookings";
import { listStandingBookings } from "@/lib/bookings/list-standing-bookings";
import { listPersonEntitlements } from "@/lib/commerce/list-person-entitlements";
import { listPersonOrders } from "@/lib/orders/list-person-orders";
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/db/tenant-db";
import { isLocale } from "@/lib/i18n/locales";
import { serializeAccount } from "@/lib/schemas/account";
import { serializeMyBooking } from "@/lib/schemas/booking";
import { serializeEntitlement } from "@/lib/schemas/entitlement";
import type { MyDataDto } from "@/lib/schemas/my-data";
import { serializeOrder } from "@/lib/schemas/order";
import { serializeStandingBooking } from "@/lib/schemas/standing-booking";
import { serializeUser } from "@/lib/schemas/user";

/**
 * Everything the service holds about one person (GET /me/export): the identity, and for every
 * studio they belong to what that studio holds, each read through that studio's tenant scope with
 * the same functions as GET /me/bookings, /me/entitlements, /me/orders and /me/standing-bookings.
 */
export async function exportMyData({ userId, now = new Date() }: { userId: string; now?: Date }): Promise<MyDataDto> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    include: {
      memberships: { include: { account: true }, orderBy: [{ account: { name: "asc" } }, { accountId: "asc" }] },
    },
  });
  const studios: MyDataDto["studios"] = [];
  for (const membership of user.memberships) {
    const scoped = tenantDb(membership.accountId);
    const [bookings, passes, orders, groups, calendarFeeds, standingBookings] = await Promise.all([
      listPersonBookings({ db: scoped, userId }),
      listPersonEntitlements({ db: scoped, userId }),
      listPersonOrders({ db: scoped, userId }),
      scoped.groupMember.findMany({ where: { userId }, include: { group: true }, orderBy: { group: { name: "asc" } } }),
      scoped.calendarFeed.count({ where: { userId } }),
      listStandingBookings({ db: scoped, userId }),
    ]);
    studios.push({
      account: serializeAccount(membership.account),
      membership: {
        persona: membership.persona as Persona,
        since: membership.createdAt.toISOString(),
        groups: groups.map((member) => member.group.name),
        notes: membership.notes,
      },
      bookings: bookings.map(serializeMyBooking),
      passes: passes.map((pass) => serializeEntitlement(pass, now)),
      orders: orders.map((order) => serializeOrder(order, { timezone: membership.account.timezone, now })),
      standingBookings: standingBookings.map(serializeStandingBooking),
      consents: { emailReminders: user.emailReminders, calendarFeed: calendarFeeds > 0 },
    });
  }
  return {
    exportedAt: now.toISOString(),
    user: {
      ...serializeUser(user),
      phone: user.phone,
      locale: isLocale(user.locale) ? user.locale : null,
      emailReminders: user.emailReminders,
      createdAt: user.createdAt.toISOString(),
    },
    studios,
  };
}

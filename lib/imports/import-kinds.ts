import type { KindImport } from "./import-kind";
import { bookingsImport } from "./kinds/bookings";
import { membershipsImport } from "./kinds/memberships";
import { passesImport } from "./kinds/passes";
import { peopleImport } from "./kinds/people";
import type { ImportKind } from "./recognize-header";

/** Each kind's check and write. */
export const KIND_IMPORTS: Record<ImportKind, KindImport> = {
  people: peopleImport,
  passes: passesImport,
  memberships: membershipsImport,
  bookings: bookingsImport,
};

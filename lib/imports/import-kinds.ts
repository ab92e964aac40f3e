import type { KindImport } from "./import-kind";
import { bookingsImport } from "./kinds/bookings";
import { membershipsImport } from "./kinds/memberships";
import { passesImport } from "./kinds/passes";
import { peopleImport } from "./kinds/people";
import type { ImportKind } from "./recognize-header";

/** Each kind's check and write; a kind not built yet is absent (POST /imports answers 400 for it). */
export const KIND_IMPORTS: Partial<Record<ImportKind, KindImport>> = {
  people: peopleImport,
  passes: passesImport,
  memberships: membershipsImport,
  bookings: bookingsImport,
};

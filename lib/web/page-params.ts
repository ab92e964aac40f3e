import "server-only";
import { notFound } from "next/navigation";
import { Id } from "@/lib/schemas/common";

/** The id in a page's path: one that cannot name a record (NUL, an unpaired surrogate, 10 kB) shows the not-found page. */
export function pageIdOrNotFound(value: string): string {
  const parsed = Id.safeParse(value);
  if (!parsed.success) notFound();
  return parsed.data;
}

/** Barangays per town, for "find your area" and the API. */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { barangays } from "../../db/schema";
import type { Town } from "../shared/constants";
import { type BarangayRef, matchBarangayNames } from "./barangay-match";

export async function listBarangays(db: Db): Promise<{ name: string; town: Town }[]> {
  return db.select({ name: barangays.name, town: barangays.town }).from(barangays).orderBy(asc(barangays.town), asc(barangays.name));
}

/** The same list with ids, for forms that choose a barangay (the outage report). */
export async function listBarangayOptions(db: Db): Promise<{ id: number; name: string; town: Town }[]> {
  return db
    .select({ id: barangays.id, name: barangays.name, town: barangays.town })
    .from(barangays)
    .orderBy(asc(barangays.town), asc(barangays.name));
}

/**
 * The barangay an address on the member roll names first ("Allabon, Agno, Pangasinan"), among
 * its town's; null when the first part names none of them (the address is free text).
 */
export async function barangayOfAddress(db: Db, town: Town, address: string | null): Promise<BarangayRef | null> {
  const first = address
    ?.split(",")[0]
    ?.replace(/[:;\n\r]/g, " ")
    .trim();
  if (!first) return null;
  const inTown = await db
    .select({ id: barangays.id, name: barangays.name, town: barangays.town })
    .from(barangays)
    .where(eq(barangays.town, town));
  const { matched } = matchBarangayNames(inTown, first, town);
  return matched.length === 1 ? matched[0]! : null;
}

/** Barangays per town, for "find your area" and the API. */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { barangays } from "../../db/schema";
import type { Town } from "../shared/constants";

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

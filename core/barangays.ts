/** Barangays per town, for "find your area" and the API. */
import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { barangays } from "../db/schema";
import type { Town } from "./constants";

export async function listBarangays(db: Db): Promise<{ name: string; town: Town }[]> {
  return db.select({ name: barangays.name, town: barangays.town }).from(barangays).orderBy(asc(barangays.town), asc(barangays.name));
}

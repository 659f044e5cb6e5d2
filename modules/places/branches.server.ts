/** The offices on the contact page (hotline, sub offices, technical services) with their phones, in order. */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { branches, branchPhones } from "../../db/schema";
import type { Branch } from "./branches";

export * from "./branches";

export async function listBranches(db: Db): Promise<Branch[]> {
  const [rows, phones] = await Promise.all([
    db.select().from(branches).orderBy(asc(branches.position), asc(branches.id)),
    db.select().from(branchPhones).orderBy(asc(branchPhones.position), asc(branchPhones.id)),
  ]);
  return rows.map((b) => ({
    name: b.name,
    officeName: b.officeName,
    address: b.address,
    phones: phones.filter((p) => p.branchId === b.id).map((p) => p.number),
  }));
}

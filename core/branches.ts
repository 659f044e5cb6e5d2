/** The offices on the contact page (hotline, sub offices, technical services) with their phones, in order. */
import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { branchPhones, branches } from "../db/schema";

export interface Branch {
  name: string;
  officeName: string;
  address: string;
  phones: string[];
}

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

/** "0917 555 0101" -> "tel:+639175550101"; "(075) 553-0123" -> "tel:+63755530123" (Philippine numbers). */
export function phoneHref(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.startsWith("63")) return `tel:+${digits}`;
  if (digits.startsWith("0")) return `tel:+63${digits.slice(1)}`;
  return `tel:${digits}`;
}

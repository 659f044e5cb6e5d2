/** Test fixture: member-roll rows for the accounts a test uses (the survey takes only the roll's accounts). */
import type { Db } from "../../db/client";
import { agamAccounts } from "../../db/schema";

export async function addToRoll(db: Db, accounts: string[], name = "DELA CRUZ, JUAN"): Promise<void> {
  await db
    .insert(agamAccounts)
    .values(
      accounts.map((accountNumber) => ({
        accountNumber,
        name,
        membershipNumber: `T-${accountNumber}`,
        address: "Poblacion, Bani, Pangasinan",
        district: 3,
        area: "north" as const,
      })),
    )
    .onConflictDoNothing();
}

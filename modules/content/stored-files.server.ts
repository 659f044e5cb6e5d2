/** The name a stored file was uploaded under, for its download. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { storedFiles } from "../../db/schema";

export async function storedOriginalName(db: Db, name: string): Promise<string | null> {
  const [row] = await db.select({ originalName: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.name, name));
  return row?.originalName ?? null;
}

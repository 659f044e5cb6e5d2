/** The about-us contents: company profile, mission, vision and core values. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aboutContents } from "../../db/schema";
import { sanitize } from "../shared/html";

export const ABOUT_KEYS = ["profile", "mission", "vision", "core"] as const;
export type AboutKey = (typeof ABOUT_KEYS)[number];

export interface AboutBlock {
  /** Sanitized HTML, safe to render. */
  content: string;
  year: number | null;
  lastUpdate: Date;
}

/** One block of stored HTML, sanitized; null when the row is missing. */
export async function getAboutContent(db: Db, key: AboutKey): Promise<AboutBlock | null> {
  const [row] = await db.select().from(aboutContents).where(eq(aboutContents.key, key)).limit(1);
  if (!row) return null;
  return { content: sanitize(row.content), year: row.year, lastUpdate: row.updatedAt };
}

/** Mission, vision and core values together, for the page that shows them side by side. */
export async function getMissionVisionCore(
  db: Db,
): Promise<{ vision: AboutBlock | null; mission: AboutBlock | null; core: AboutBlock | null }> {
  const [vision, mission, core] = await Promise.all([
    getAboutContent(db, "vision"),
    getAboutContent(db, "mission"),
    getAboutContent(db, "core"),
  ]);
  return { vision, mission, core };
}

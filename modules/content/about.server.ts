/** The about-us contents: company profile, mission, vision and core values. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { aboutContents } from "../../db/schema";
import { sanitize } from "../shared/html";
import { type ItemLanguage, inLanguage, storedTranslations } from "./translations";

export const ABOUT_KEYS = ["profile", "mission", "vision", "core"] as const;
export type AboutKey = (typeof ABOUT_KEYS)[number];

export interface AboutBlock {
  /** Sanitized HTML, safe to render. */
  content: string;
  year: number | null;
  lastUpdate: Date;
  /** Which language version it is (English when staff wrote none in the one asked). */
  shown: { lang: ItemLanguage; asked: ItemLanguage; available: ItemLanguage[] };
}

/** One block of stored HTML in the language asked for (else its English), sanitized; null when the row is missing. */
export async function getAboutContent(db: Db, key: AboutKey, asked: ItemLanguage = "en"): Promise<AboutBlock | null> {
  const [row] = await db.select().from(aboutContents).where(eq(aboutContents.key, key)).limit(1);
  if (!row) return null;
  const v = inLanguage({ content: row.content }, storedTranslations(row.translations), asked);
  return {
    content: sanitize(v.values.content),
    year: row.year,
    lastUpdate: row.updatedAt,
    shown: { lang: v.lang, asked: v.asked, available: v.available },
  };
}

/** Mission, vision and core values together, for the page that shows them side by side. */
export async function getMissionVisionCore(
  db: Db,
  asked: ItemLanguage = "en",
): Promise<{ vision: AboutBlock | null; mission: AboutBlock | null; core: AboutBlock | null }> {
  const [vision, mission, core] = await Promise.all([
    getAboutContent(db, "vision", asked),
    getAboutContent(db, "mission", asked),
    getAboutContent(db, "core", asked),
  ]);
  return { vision, mission, core };
}

/**
 * Which archives a backup folder keeps: the newest archive of each of the 7 newest days, and
 * the newest of each of the 4 newest weeks (Monday to Sunday), in Manila's calendar. Every
 * other archive may go. Archives are named by their UTC time (backup-20270105T183000Z.tar.enc;
 * plain .tar ones from before the archives were encrypted age out the same way).
 */
import { TIME_ZONE } from "../shared/constants";

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
const NAME = /^backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar(?:\.enc)?$/;

export function archiveTime(name: string): Date | null {
  const m = NAME.exec(name);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!)) : null;
}

const manilaDay = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** Manila's calendar day (YYYY-MM-DD) and the Monday that starts its week. */
function dayAndWeek(at: Date): { day: string; week: string } {
  const day = manilaDay.format(at);
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const monday = new Date(noon.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
  return { day, week: monday };
}

/** The archive names to keep; names that are not archives are left out of both lists. */
export function archivesToKeep(names: string[]): { keep: string[]; remove: string[] } {
  const archives = names
    .map((name) => ({ name, at: archiveTime(name) }))
    .filter((a): a is { name: string; at: Date } => a.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const days = new Set<string>();
  const weeks = new Set<string>();
  const keep: string[] = [];
  const remove: string[] = [];
  for (const a of archives) {
    const { day, week } = dayAndWeek(a.at);
    let kept = false;
    if (!days.has(day) && days.size < KEEP_DAILY) {
      days.add(day);
      kept = true;
    }
    if (!weeks.has(week) && weeks.size < KEEP_WEEKLY) {
      weeks.add(week);
      kept = true;
    }
    // A day or week seen already: a later archive of it was kept.
    (kept ? keep : remove).push(a.name);
  }
  return { keep, remove };
}

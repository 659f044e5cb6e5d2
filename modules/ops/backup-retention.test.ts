import { describe, expect, it } from "vitest";
import { archiveName } from "./backup.server";
import { archivesToKeep, archiveTime } from "./backup-retention";

/** One archive a day at 02:00 Manila (18:00 UTC the day before) for `days` days up to 2027-03-31. */
function daily(days: number, perDay = 1): string[] {
  const names: string[] = [];
  for (let d = 0; d < days; d++) for (let k = 0; k < perDay; k++) names.push(archiveName(new Date(Date.UTC(2027, 2, 30 - d, 18, k * 10))));
  return names;
}

describe("backup retention", () => {
  it("reads the time from an archive's name and ignores other files", () => {
    expect(archiveTime("backup-20270330T180000Z.tar")?.toISOString()).toBe("2027-03-30T18:00:00.000Z");
    expect(archivesToKeep(["notes.txt", "backup-x.tar.partial"])).toEqual({ keep: [], remove: [] });
  });

  it("keeps 7 daily and 4 weekly archives out of 60 days", () => {
    const { keep, remove } = archivesToKeep(daily(60));
    // The 7 newest days (Manila: March 25 to 31), then the newest of each older week, up to 4 weeks in all.
    expect(keep.map((n) => archiveTime(n)!.toISOString().slice(0, 10))).toEqual([
      "2027-03-30",
      "2027-03-29",
      "2027-03-28",
      "2027-03-27",
      "2027-03-26",
      "2027-03-25",
      "2027-03-24",
      "2027-03-20",
      "2027-03-13",
    ]);
    expect(remove).toHaveLength(60 - 9);
  });

  it("keeps only the newest archive of a day when several were made", () => {
    const { keep } = archivesToKeep(daily(2, 3));
    expect(keep).toEqual([archiveName(new Date(Date.UTC(2027, 2, 30, 18, 20))), archiveName(new Date(Date.UTC(2027, 2, 29, 18, 20)))]);
  });
});

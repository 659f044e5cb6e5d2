/** The announcements as the pages read them: kept until a content change (services.reference). */
import { type Announcement, listAnnouncements } from "../../../modules/content/announcements.server";
import type { AnnouncementKind } from "../../../modules/shared/constants";
import type { AppServices } from "../../../server/deps";

/** Every visible announcement of one kind, newest first. */
export function keptAnnouncements(s: Pick<AppServices, "db" | "reference">, kind: AnnouncementKind): Promise<Announcement[]> {
  return s.reference(`announcements:${kind}`, () => listAnnouncements(s.db, kind));
}

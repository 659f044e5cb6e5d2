/** Turns announcements and job postings into what the pages render: plain data, sanitized HTML. */
import type { Announcement } from "../../../modules/content/announcements.server";
import type { Career } from "../../../modules/content/careers.server";
import { sanitize } from "../../../modules/shared/html";
import type { AnnouncementView } from "./AnnouncementAccordion";

export function announcementView(a: Announcement): AnnouncementView {
  return { id: a.id, title: a.title, createdAt: a.createdAt.toISOString(), body: sanitize(a.body), attachments: a.attachments };
}

export function careerView(c: Career): AnnouncementView {
  return { id: c.id, title: c.jobTitle, createdAt: c.createdAt.toISOString(), body: sanitize(c.body), attachments: c.attachments };
}

/** Turns announcements and job postings into what the pages render: plain data, sanitized HTML. */
import type { Announcement } from "../../../modules/content/announcements.server";
import type { Career } from "../../../modules/content/careers.server";
import { type ItemLanguage, inLanguage } from "../../../modules/content/translations";
import { sanitize } from "../../../modules/shared/html";
import type { AnnouncementView } from "./AnnouncementAccordion";

export function announcementView(a: Announcement): AnnouncementView {
  return { id: a.id, title: a.title, createdAt: a.createdAt.toISOString(), body: sanitize(a.body), attachments: a.attachments };
}

/** A job posting in the language asked for when staff wrote that version, else its English (saying so). */
export function careerView(c: Career, asked: ItemLanguage = "en"): AnnouncementView {
  const v = inLanguage({ jobTitle: c.jobTitle, body: c.body ?? "" }, c.translations, asked);
  const shown = { lang: v.lang, asked: v.asked, available: v.available };
  return {
    id: c.id,
    title: v.values.jobTitle,
    createdAt: c.createdAt.toISOString(),
    body: sanitize(v.values.body),
    attachments: c.attachments,
    shown,
  };
}

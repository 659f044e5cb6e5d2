/** Bids, advisories and job postings: one accordion item each, newest first. */
import { Link } from "react-router";
import { formatDate, manilaIsoDate } from "../../../modules/shared/dates";
import { Accordion, AccordionItem } from "../../components/ui/Accordion";
import { AttachmentList, type AttachmentView } from "../../components/ui/AttachmentList";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import "./announcements.css";
import { type ItemLanguageView, itemLang, LanguageFallbackNote } from "../../components/ContentInLanguage";

export interface AnnouncementView {
  id: number;
  title: string;
  /** ISO 8601 */
  createdAt: string;
  /** Sanitized HTML */
  body: string;
  attachments: AttachmentView[];
  /** Which language version is shown (staff-written content in several languages). */
  shown?: ItemLanguageView;
}

export function PostedDate({ iso }: { iso: string }) {
  const t = useT(newsMessages);
  const locale = useLocale();
  return (
    <>
      {t("news.posted")} <time dateTime={manilaIsoDate(iso)}>{formatDate(iso, locale)}</time>
    </>
  );
}

export function AnnouncementAccordion({
  items,
  idPrefix,
  label,
  empty,
  detail,
}: {
  items: AnnouncementView[];
  idPrefix: string;
  label: string;
  empty: string;
  /** A page of its own for each item, e.g. /bid/{id}. */
  detail?: (id: number) => { to: string; label: string };
}) {
  const lp = useLocalePath();
  const locale = useLocale();
  if (!items.length) return <p className="notice">{empty}</p>;
  return (
    <Accordion label={label}>
      {items.map((item) => {
        const more = detail?.(item.id);
        return (
          <AccordionItem
            key={item.id}
            id={`${idPrefix}-${item.id}`}
            title={<span lang={itemLang(item.shown, locale)}>{item.title}</span>}
            meta={<PostedDate iso={item.createdAt} />}
          >
            <LanguageFallbackNote shown={item.shown} />
            {item.body ? (
              <div className="announcement__body" lang={itemLang(item.shown, locale)} dangerouslySetInnerHTML={{ __html: item.body }} />
            ) : null}
            <AttachmentList attachments={item.attachments} />
            {more ? (
              <p className="announcement__more">
                <Link to={lp(more.to)}>{more.label}</Link>
              </p>
            ) : null}
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}

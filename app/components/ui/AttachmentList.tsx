/**
 * Attached files of a bid, advisory or job posting: a PDF icon for PDFs, a
 * thumbnail for pictures, each opening from /storage/... in a new tab. The link's
 * name says what the file is and that it opens in a new tab.
 */
import type { Attachment } from "../../../modules/content/attachments.server";
import type { Translator } from "../../../modules/shared/i18n";
import { useT } from "../../i18n";
import { newsMessages } from "../../messages/news";
import "./AttachmentList.css";

/** What the list needs of an attachment (modules/content/attachments.server.ts), without the stored name. */
export type AttachmentView = Omit<Attachment, "file">;

type T = Translator<typeof newsMessages.en>;

function sizeLabel(bytes: number, t: T): string {
  if (bytes < 1024) return t("attach.bytes", { n: bytes });
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function typeLabel(a: AttachmentView, t: T): string {
  if (a.isPdf) return "PDF";
  if (a.isImage) return t("attach.image");
  return a.contentType.split("/")[1]?.toUpperCase() ?? t("attach.file");
}

export function PdfIcon() {
  return (
    <svg className="attachment__icon" viewBox="0 0 40 48" width="40" height="48" aria-hidden="true" focusable="false">
      <path d="M3 1h24l10 10v34a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2z" fill="#fff" stroke="#b00020" strokeWidth="2" />
      <path d="M27 1v10h10" fill="#fde2e4" stroke="#b00020" strokeWidth="2" strokeLinejoin="round" />
      <rect x="1" y="27" width="30" height="13" rx="1.5" fill="#b00020" />
      <text x="16" y="37" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#fff">
        PDF
      </text>
    </svg>
  );
}

function FileIcon() {
  return (
    <svg className="attachment__icon" viewBox="0 0 40 48" width="40" height="48" aria-hidden="true" focusable="false">
      <path d="M3 1h24l10 10v34a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2z" fill="#fff" stroke="#4b5563" strokeWidth="2" />
      <path d="M27 1v10h10" fill="#e5e7eb" stroke="#4b5563" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

/** `heading`: a heading of the caller's, none (null), or the default "Attachments" in the page's language (undefined). */
export function AttachmentList({ attachments, heading }: { attachments: AttachmentView[]; heading?: string | null }) {
  const t = useT(newsMessages);
  if (heading === undefined) heading = t("attach.heading");
  if (!attachments.length) return <p className="attachments__none">{t("attach.none")}</p>;
  return (
    <div className="attachments">
      {heading ? <p className="attachments__heading">{heading}</p> : null}
      <ul className="attachments__list">
        {attachments.map((a) => (
          <li key={a.path}>
            <a className="attachment" href={a.path} target="_blank" rel="noopener">
              {a.isImage ? (
                <img
                  className="attachment__thumb"
                  src={a.path}
                  alt=""
                  width={a.width ?? 160}
                  height={a.height ?? 90}
                  loading="lazy"
                  decoding="async"
                />
              ) : a.isPdf ? (
                <PdfIcon />
              ) : (
                <FileIcon />
              )}
              <span className="attachment__text">
                <span className="attachment__name">{a.originalName}</span>
                <span className="attachment__type">
                  {typeLabel(a, t)}, {sizeLabel(a.size, t)}
                </span>
                <span className="visually-hidden">{t("attach.newTab")}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

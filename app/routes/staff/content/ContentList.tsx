/**
 * The console's list of one kind of content: the "new" button, a search with a publishing
 * filter (and a kind's own filter, such as the news kind), then the items with where each
 * stands. Every content list (advisories, bids, news, careers, gallery …) draws this one.
 */
import { Link } from "react-router";
import { PUBLIC_STATE_LABELS, type PublicState } from "../../../../modules/content/publication-state";
import type { ContentLanguage } from "../../../../modules/content/translations";
import { StateBadge } from "./PublicationFields";
import "./content.css";
import { FilterForm, FilterSearch, FilterSelect, PUBLISHING_OPTIONS } from "../Filters";
import { MISSING_OPTIONS, MissingTranslations } from "./TranslationFields";

export const LIST_STATES = Object.keys(PUBLIC_STATE_LABELS) as PublicState[];

/** The publishing filter of a list address (?state=), or "" for any. */
export function stateParam(value: string | null): PublicState | "" {
  return (LIST_STATES as string[]).includes(value ?? "") ? (value as PublicState) : "";
}

export interface ContentListItem {
  id: string | number;
  href: string;
  title: string;
  excerpt: string;
  state: PublicState | null;
  /** When it was last saved, formatted; empty when unknown. */
  updated: string;
  /** When its publishing changes ("Publishes …", "Until …"); empty when it does not. */
  when?: string;
  /** Its public page, while the public can see it. */
  view?: string | null;
  /** The languages it has no version in, for kinds written in several. */
  missing?: ContentLanguage[];
}

export function ContentList({
  title,
  saved,
  newItem,
  filter,
  group,
  withStates,
  items,
}: {
  title: string;
  saved: string;
  newItem: { href: string; label: string } | null;
  /** `missing`: the language filter, for kinds written in several languages. */
  filter: { q: string; state: string; group?: string; missing?: string };
  group?: { label: string; options: readonly { value: string; label: string }[] };
  withStates: boolean;
  items: ContentListItem[];
}) {
  return (
    <>
      <h1>{title}</h1>
      {saved && (
        <p className="console-status" role="status">
          {saved}
        </p>
      )}
      {newItem && (
        <p className="console-actions">
          <Link className="button" to={newItem.href}>
            {newItem.label}
          </Link>
        </p>
      )}
      <FilterForm label={`Find ${title.toLowerCase()}`}>
        <FilterSearch value={filter.q} />
        {group && <FilterSelect name="group" label={group.label} value={filter.group ?? ""} any="Any" options={group.options} />}
        {withStates && <FilterSelect name="state" label="Publishing" value={filter.state} any="Any" options={PUBLISHING_OPTIONS} />}
        {filter.missing !== undefined && (
          <FilterSelect name="missing" label="Translations" value={filter.missing} any="Any" options={MISSING_OPTIONS} />
        )}
      </FilterForm>
      {items.length === 0 ? (
        <p className="notice">Nothing matches.</p>
      ) : (
        <ul className="content-list">
          {items.map((i) => (
            <li key={i.id} className="content-item">
              {i.state && (
                <div className="content-item__head">
                  <StateBadge state={i.state} />
                  {i.when && <span className="content-item__when">{i.when}</span>}
                </div>
              )}
              <p className="content-item__title">
                <Link to={i.href}>{i.title}</Link>
              </p>
              <p className="content-item__meta">{[i.updated && `Saved ${i.updated}`, i.excerpt].filter(Boolean).join(" · ")}</p>
              <MissingTranslations missing={i.missing} />
              {i.view && (
                <p className="content-item__meta">
                  <a href={i.view}>
                    View on site<span className="visually-hidden">: {i.title}</span>
                  </a>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

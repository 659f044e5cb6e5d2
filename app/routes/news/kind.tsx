/**
 * The news card pages of the four kinds (one module, mapped to four paths; the kind
 * comes from the path). Month and search are a GET form: filtered on the server,
 * shareable URLs, and the same without JavaScript.
 */

import { data, Form, Link, useSubmit } from "react-router";
import { listNews } from "../../../modules/content/news.server";
import { searchQuery, yearMonthQuery } from "../../../modules/shared/api-params";
import { COOPERATIVE, FIRST_RATE_YEAR, NEWS_KIND_TITLES, NEWS_KINDS, type NewsKind } from "../../../modules/shared/constants";
import { MONTH_NAMES, manilaParts } from "../../../modules/shared/dates";
import { stripLocale } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Field } from "../../components/ui/Field";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/kind";
import { NewsCardGrid } from "./NewsCard";
import { newsCardView } from "./views.server";

const DESCRIPTIONS: Record<NewsKind, string> = {
  "electricity-rates": "News about electricity rates: generation charges, adjustments and what they mean for your bill.",
  "events-and-activities": "Events and activities of the cooperative with its member-consumer-owners.",
  "invitation-to-bid": "Bid bulletins and pre-bid conferences of the cooperative.",
  "supply-and-load-demand": "Power supply and load demand updates for western Pangasinan.",
};

export function kindFromPath(pathname: string): NewsKind | null {
  // Client-side navigations fetch "/news/<kind>.data": the same page's data.
  // The Filipino page (/fil/news/<kind>) is the same kind.
  const segment = stripLocale(pathname.replace(/\.data$/, ""))
    .split("/")
    .filter(Boolean)[1];
  return (NEWS_KINDS as readonly string[]).includes(segment ?? "") ? (segment as NewsKind) : null;
}

/** "2024-03" -> "March 2024" */
function monthLabel(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindFromPath(url.pathname);
  if (!kind) throw data(null, { status: 404 });
  const rawMonth = url.searchParams.get("month")?.trim() ?? "";
  const rawQ = url.searchParams.get("q")?.trim() ?? "";
  const errors: { month?: string; q?: string } = {};
  const monthCheck = rawMonth ? yearMonthQuery.safeParse(rawMonth) : null;
  if (monthCheck && !monthCheck.success)
    errors.month = `Choose a month from January ${FIRST_RATE_YEAR} to this month, written YYYY-MM (for example 2024-03).`;
  const qCheck = rawQ ? searchQuery.safeParse(rawQ) : null;
  if (qCheck && !qCheck.success) errors.q = "Use at most 100 characters.";
  const month = monthCheck?.success ? monthCheck.data : undefined;
  const q = qCheck?.success ? qCheck.data : undefined;
  const items = await listNews(services(context).db, kind, { month, q });
  const now = manilaParts();
  return {
    kind,
    title: NEWS_KIND_TITLES[kind],
    items: items.map(newsCardView),
    filter: { month: month ?? "", q: q ?? "", rawMonth, rawQ },
    errors,
    maxMonth: `${now.year}-${String(now.month).padStart(2, "0")}`,
  };
}

const pageTags: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  return [{ title: `${loaderData.title} | ${COOPERATIVE.shortName}` }, { name: "description", content: DESCRIPTIONS[loaderData.kind] }];
};

export default function NewsKindPage({ loaderData }: Route.ComponentProps) {
  const { kind, title, items, filter, errors, maxMonth } = loaderData;
  const submit = useSubmit();
  const filtered = Boolean(filter.month || filter.q);
  const path = `/news/${kind}`;
  const described = [filter.month ? `posted in ${monthLabel(filter.month)}` : null, filter.q ? `matching “${filter.q}”` : null]
    .filter(Boolean)
    .join(" and ");

  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: "News", to: "/news" }, { label: title }]} />
      <h1>{title}</h1>
      <p className="news-intro">{DESCRIPTIONS[kind]}</p>
      {kind === "electricity-rates" ? (
        <p className="news-rates-link">
          <Link className="button button--secondary" to="/rates">
            See this month’s electricity rates
          </Link>
        </p>
      ) : null}

      <Form
        method="get"
        action={path}
        className="news-filter"
        aria-label={`Filter ${title}`}
        onSubmit={(event) => {
          // With JavaScript, leave empty fields out of the address: /news/…?month=2024-03
          event.preventDefault();
          const params = new URLSearchParams();
          for (const [k, v] of new FormData(event.currentTarget)) if (typeof v === "string" && v.trim()) params.set(k, v.trim());
          submit(params, { method: "get", action: path });
        }}
      >
        <Field
          id="news-month"
          name="month"
          className="news-filter__month"
          label="Month posted"
          hint="For example 2024-03"
          error={errors.month}
        >
          {(p) => (
            <input
              {...p}
              type="month"
              min={`${FIRST_RATE_YEAR}-01`}
              max={maxMonth}
              defaultValue={filter.rawMonth}
              key={`m-${filter.rawMonth}`}
            />
          )}
        </Field>
        <details className="news-filter__search" open={Boolean(filter.rawQ) || undefined}>
          <summary>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
              <path d="M12.6 12.6 18 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
            Search
          </summary>
          <Field id="news-q" name="q" label="Words in the title or text" error={errors.q}>
            {(p) => <input {...p} type="search" maxLength={100} defaultValue={filter.rawQ} key={`q-${filter.rawQ}`} />}
          </Field>
        </details>
        <div className="news-filter__actions">
          <button type="submit" className="button">
            Show news
          </button>
          {filtered || filter.rawMonth || filter.rawQ ? (
            <Link to={path} className="news-filter__clear">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <p className={items.length ? "news-count" : "visually-hidden"} role="status">
        {items.length === 0
          ? "No news found."
          : `${items.length} ${items.length === 1 ? "item" : "items"}${described ? ` ${described}` : ""}.`}
      </p>

      {items.length ? (
        <NewsCardGrid items={items} />
      ) : (
        <div className="notice news-empty">
          <h2>No news found</h2>
          <p>
            {filtered
              ? `There is no ${title.toLowerCase()} news ${described}. Try another month or other words.`
              : `There is no ${title.toLowerCase()} news yet. Please check again soon.`}
          </p>
          {filtered ? (
            <p>
              <Link to={path}>Show all {title} news</Link>
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["month", "q"] };

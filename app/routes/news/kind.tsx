/**
 * The news card pages of the four kinds (one module, mapped to four paths; the kind
 * comes from the path). Month and search are a GET form: filtered on the server,
 * shareable URLs, and the same without JavaScript.
 */

import { data, Form, Link, useSubmit } from "react-router";
import { listNews } from "../../../modules/content/news.server";
import { searchQuery, yearMonthQuery } from "../../../modules/shared/api-params";
import { COOPERATIVE, FIRST_RATE_YEAR, NEWS_KINDS, type NewsKind } from "../../../modules/shared/constants";
import { formatMonthYear, manilaParts } from "../../../modules/shared/dates";
import { type Locale, localeOfPath, stripLocale, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { Field } from "../../components/ui/Field";
import { Spinner } from "../../components/ui/Spinner";
import { services } from "../../context";
import { requestT, useLocale, useLocalePath, useT } from "../../i18n";
import { NEWS_KIND_ABOUT_KEYS, NEWS_KIND_KEYS, newsMessages } from "../../messages/news";
import { shellMessages } from "../../messages/shell";
import { socialMeta } from "../../seo";
import type { Route } from "./+types/kind";
import { keptNews } from "./kept.server";
import { NewsCardGrid } from "./NewsCard";
import { newsCardView } from "./views.server";

export function kindFromPath(pathname: string): NewsKind | null {
  // Client-side navigations fetch "/news/<kind>.data": the same page's data.
  // The Filipino page (/fil/news/<kind>) is the same kind.
  const segment = stripLocale(pathname.replace(/\.data$/, ""))
    .split("/")
    .filter(Boolean)[1];
  return (NEWS_KINDS as readonly string[]).includes(segment ?? "") ? (segment as NewsKind) : null;
}

/** "2024-03" -> "March 2024" ("Marso 2024") */
function monthLabel(month: string, locale: Locale): string {
  return formatMonthYear(Number(month.slice(0, 4)), Number(month.slice(5, 7)), locale);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = kindFromPath(url.pathname);
  if (!kind) throw data(null, { status: 404 });
  const t = requestT(newsMessages, request);
  const rawMonth = url.searchParams.get("month")?.trim() ?? "";
  const rawQ = url.searchParams.get("q")?.trim() ?? "";
  const errors: { month?: string; q?: string } = {};
  const monthCheck = rawMonth ? yearMonthQuery.safeParse(rawMonth) : null;
  if (monthCheck && !monthCheck.success) errors.month = t("news.filter.monthError", { year: FIRST_RATE_YEAR });
  const qCheck = rawQ ? searchQuery.safeParse(rawQ) : null;
  if (qCheck && !qCheck.success) errors.q = t("news.filter.qError");
  const month = monthCheck?.success ? monthCheck.data : undefined;
  const q = qCheck?.success ? qCheck.data : undefined;
  const s = services(context);
  // The unfiltered list is kept until a content change (services.reference); a month or a
  // search is read each time (any text may be asked: not kept).
  const items = month || q ? await listNews(s.db, kind, { month, q }) : await keptNews(s, kind);
  const now = manilaParts();
  return {
    kind,
    items: items.map((n) => newsCardView(n, request)),
    filter: { month: month ?? "", q: q ?? "", rawMonth, rawQ },
    errors,
    maxMonth: `${now.year}-${String(now.month).padStart(2, "0")}`,
  };
}

const pageTags: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const t = translator(newsMessages, localeOfPath(location.pathname));
  return [
    { title: `${t(NEWS_KIND_KEYS[loaderData.kind])} | ${COOPERATIVE.shortName}` },
    { name: "description", content: t(NEWS_KIND_ABOUT_KEYS[loaderData.kind]) },
  ];
};

export default function NewsKindPage({ loaderData }: Route.ComponentProps) {
  const { kind, items, filter, errors, maxMonth } = loaderData;
  const t = useT(newsMessages);
  const s = useT(shellMessages);
  const lp = useLocalePath();
  const locale = useLocale();
  const title = t(NEWS_KIND_KEYS[kind]);
  const submit = useSubmit();
  const filtered = Boolean(filter.month || filter.q);
  // The form posts to the page in its own language.
  const path = lp(`/news/${kind}`);
  const described = [
    filter.month ? t("news.filter.in", { month: monthLabel(filter.month, locale) }) : null,
    filter.q ? t("news.filter.matching", { q: filter.q }) : null,
  ]
    .filter(Boolean)
    .join(t("news.filter.and"));

  return (
    <div className="container page">
      <Spinner />
      <Breadcrumb items={[{ label: s("nav.news"), to: "/news" }, { label: title }]} />
      <h1>{title}</h1>
      <p className="news-intro">{t(NEWS_KIND_ABOUT_KEYS[kind])}</p>
      {kind === "electricity-rates" ? (
        <p className="news-rates-link">
          <Link className="button button--secondary" to={lp("/rates")}>
            {t("news.ratesLink")}
          </Link>
        </p>
      ) : null}

      <Form
        method="get"
        action={path}
        className="news-filter"
        aria-label={t("news.filter.label", { title })}
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
          label={t("news.filter.month")}
          hint={t("news.filter.monthHint")}
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
            {t("news.filter.search")}
          </summary>
          <Field id="news-q" name="q" label={t("news.filter.words")} error={errors.q}>
            {(p) => <input {...p} type="search" maxLength={100} defaultValue={filter.rawQ} key={`q-${filter.rawQ}`} />}
          </Field>
        </details>
        <div className="news-filter__actions">
          <button type="submit" className="button">
            {t("news.filter.show")}
          </button>
          {filtered || filter.rawMonth || filter.rawQ ? (
            <Link to={path} className="news-filter__clear">
              {t("news.filter.clear")}
            </Link>
          ) : null}
        </div>
      </Form>

      <p className={items.length ? "news-count" : "visually-hidden"} role="status">
        {items.length === 0 ? t("news.none") : t("news.count", { n: items.length, described })}
      </p>

      {items.length ? (
        <NewsCardGrid items={items} />
      ) : (
        <div className="notice news-empty">
          <h2>{t("news.noneTitle")}</h2>
          <p>{filtered ? t("news.noneFiltered", { title, described }) : t("news.noneYet", { title })}</p>
          {filtered ? (
            <p>
              <Link to={path}>{t("news.showAll", { title })}</Link>
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

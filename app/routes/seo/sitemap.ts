import { listAnnouncements } from "../../../modules/content/announcements.server";
import { listNews } from "../../../modules/content/news.server";
import { listNewsCategories } from "../../../modules/content/site.server";
import { NEWS_KINDS } from "../../../modules/shared/constants";
import { escapeXml } from "../../../modules/shared/escape";
import { LOCALES, localePath } from "../../../modules/shared/i18n";
import { services } from "../../context";
import type { Route } from "./+types/sitemap";

/** Every public page a search engine should know, the news items and bids among them. */
const STATIC_PATHS = [
  "/",
  "/about-us",
  "/about/company-profile",
  "/about/mission-vision",
  "/about/pledge",
  "/about/coverage-area",
  "/about/organizational-structure",
  "/about/bod",
  "/gallery",
  "/bids",
  "/news",
  "/news/advisories",
  "/news/power-interruptions",
  ...NEWS_KINDS.map((k) => `/news/${k}`),
  "/rates",
  "/careers",
  "/privacy-policy",
  "/terms-and-conditions",
  "/customer-satisfaction-survey",
  "/contact-us",
  "/faq",
  "/agam-status",
  "/agam-registration",
  "/services",
  "/service/bill-inquiry",
  "/service/new-service-connection",
  "/service/request-complaint",
  "/mco/login",
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, publicUrl } = services(context);
  const [bids, categories, ...news] = await Promise.all([
    listAnnouncements(db, "bid"),
    listNewsCategories(db),
    ...NEWS_KINDS.map((k) => listNews(db, k)),
  ]);
  const urls: { loc: string; lastmod?: Date }[] = [
    ...STATIC_PATHS.map((p) => ({ loc: p })),
    ...categories.map((c) => ({ loc: `/news/${encodeURIComponent(c.tag)}` })),
    ...bids.map((b) => ({ loc: `/bid/${b.id}`, lastmod: new Date(b.createdAt) })),
    ...news.flat().map((n) => ({ loc: `/news/advisory/${n.id}`, lastmod: new Date(n.createdAt) })),
  ];
  // Each page in both languages, each naming both and the default (English) as alternates.
  // The member portal has no Filipino twin yet: English alone.
  const entry = (loc: string, lastmod: Date | undefined, alternates: string) =>
    `  <url><loc>${escapeXml(publicUrl + loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}${alternates}</url>`;
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    urls
      .flatMap((u) => {
        if (/^\/mco(\/|$)/.test(u.loc)) return [entry(u.loc, u.lastmod, "")];
        const alternates = [...LOCALES.map((l) => [l, localePath(l, u.loc)] as const), ["x-default", localePath("en", u.loc)] as const]
          .map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(publicUrl + path)}"/>`)
          .join("");
        return LOCALES.map((l) => entry(localePath(l, u.loc), u.lastmod, alternates));
      })
      .join("\n") +
    `\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

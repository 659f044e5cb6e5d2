import { listAnnouncements } from "../../../modules/content/announcements.server";
import { listNews } from "../../../modules/content/news.server";
import { listNewsCategories } from "../../../modules/content/site.server";
import { NEWS_KINDS } from "../../../modules/shared/constants";
import { xmlText } from "../../../modules/shared/xml";
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
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls
      .map(
        (u) =>
          `  <url><loc>${xmlText(publicUrl + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ""}</url>`,
      )
      .join("\n") +
    `\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

/**
 * The route table: the spec's table of routes (section 2), explicitly, plus the
 * pages and feeds we add. Modules live under routes/<area>/.
 */
import { type RouteConfig, index, route } from "@react-router/dev/routes";

const newsKind = (kind: string) => route(`news/${kind}`, "routes/news/kind.tsx", { id: `news-kind-${kind}` });

export default [
  index("routes/home.tsx"),

  // About
  route("about-us", "routes/about/about-us.tsx"),
  route("about/company-profile", "routes/about/company-profile.tsx"),
  route("about/mission-vision", "routes/about/mission-vision.tsx"),
  route("about/pledge", "routes/about/pledge.tsx"),
  route("about/coverage-area", "routes/about/coverage-area.tsx"),
  route("about/organizational-structure", "routes/about/organizational-structure.tsx"),
  route("about/bod", "routes/about/bod.tsx"),
  route("gallery", "routes/about/gallery.tsx"),

  // Announcements and news
  route("bids", "routes/announcements/bids.tsx"),
  route("bid/:bid", "routes/announcements/bid.tsx"),
  route("news/advisories", "routes/announcements/advisories.tsx"),
  route("careers", "routes/announcements/careers.tsx"),
  route("news", "routes/news/index.tsx"),
  route("news/power-interruptions", "routes/interruptions/page.tsx"),
  route("news/power-interruptions.ics", "routes/interruptions/ics.ts"),
  route("news/power-interruption-schedules", "routes/redirects/power-interruption-schedules.ts"),
  route("feeds/power-interruptions.atom", "routes/interruptions/atom.ts"),
  route("feeds/advisories.atom", "routes/announcements/advisories-atom.ts"),
  newsKind("electricity-rates"),
  newsKind("events-and-activities"),
  newsKind("invitation-to-bid"),
  newsKind("supply-and-load-demand"),
  route("news/advisory/:id", "routes/news/item.tsx"),
  route("news/:tag", "routes/news/category.tsx"),
  route("media/news-image/:id", "routes/news/image.ts"),
  route("rates", "routes/rates/page.tsx"),
  route("rates.csv", "routes/rates/csv.ts"),

  // Informational
  route("privacy-policy", "routes/info/privacy-policy.tsx"),
  route("terms-and-conditions", "routes/info/terms-and-conditions.tsx"),
  route("contact-us", "routes/info/contact-us.tsx"),
  route("faq", "routes/info/faq.tsx"),
  route("services", "routes/info/services.tsx"),
  route("mco/login", "routes/info/mco-login.tsx"),

  // Forms
  route("customer-satisfaction-survey", "routes/survey/page.tsx", { id: "survey" }),
  route("css", "routes/survey/page.tsx", { id: "survey-short" }),
  route("service/new-service-connection", "routes/service/new-service-connection.tsx"),
  route("service/new-service-connection/:reference", "routes/service/new-service-connection-summary.tsx"),
  route("service/bill-inquiry", "routes/service/bill-inquiry.tsx"),
  route("service/bill-inquiry/challenge", "routes/service/bill-inquiry-challenge.ts"),
  route("service/request-complaint", "routes/service/request-complaint.tsx"),
  route("service/request-complaint/:form", "routes/service/printable-form.tsx"),

  // AGAM
  route("agam-registration", "routes/agam/registration.tsx"),
  route("agam-registration-confirmation/:origin/:account", "routes/agam/confirmation.tsx"),
  route("agam-status", "routes/agam/status.tsx"),

  // Search engines
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // Everything else: the 404 page inside the shell
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/**
 * The route table: the spec's table of routes (section 2), explicitly, plus the
 * pages and feeds we add. Modules live under routes/<area>/.
 *
 * Every public route is also under `/fil/` (Filipino, docs/decisions/0023): its path starts
 * with the optional static segment `fil?`, so one route and one module serve both
 * languages and the page reads its language from the path (app/i18n.ts). A new public
 * route starts with `fil?/` too. The console is English only.
 */
import { index, type RouteConfig, route } from "@react-router/dev/routes";

const newsKind = (kind: string) => route(`fil?/news/${kind}`, "routes/news/kind.tsx", { id: `news-kind-${kind}` });

export default [
  route("fil?", "routes/home.tsx", { id: "routes/home" }),

  // About
  route("fil?/about-us", "routes/about/about-us.tsx"),
  route("fil?/about/company-profile", "routes/about/company-profile.tsx"),
  route("fil?/about/mission-vision", "routes/about/mission-vision.tsx"),
  route("fil?/about/pledge", "routes/about/pledge.tsx"),
  route("fil?/about/coverage-area", "routes/about/coverage-area.tsx"),
  route("fil?/about/organizational-structure", "routes/about/organizational-structure.tsx"),
  route("fil?/about/bod", "routes/about/bod.tsx"),
  route("fil?/gallery", "routes/about/gallery.tsx"),

  // Announcements and news
  route("fil?/bids", "routes/announcements/bids.tsx"),
  route("fil?/bid/:bid", "routes/announcements/bid.tsx"),
  route("fil?/news/advisories", "routes/announcements/advisories.tsx"),
  route("fil?/careers", "routes/announcements/careers.tsx"),
  route("fil?/news", "routes/news/index.tsx"),
  route("fil?/news/power-interruptions", "routes/interruptions/page.tsx"),
  route("news/power-interruptions.ics", "routes/interruptions/ics.ts"),
  route("fil?/news/power-interruption-schedules", "routes/redirects/power-interruption-schedules.ts"),
  route("feeds/power-interruptions.atom", "routes/interruptions/atom.ts"),
  route("feeds/advisories.atom", "routes/announcements/advisories-atom.ts"),
  newsKind("electricity-rates"),
  newsKind("events-and-activities"),
  newsKind("invitation-to-bid"),
  newsKind("supply-and-load-demand"),
  route("fil?/news/advisory/:id", "routes/news/item.tsx"),
  route("fil?/news/:tag", "routes/news/category.tsx"),
  route("media/news-image/:id", "routes/news/image.ts"),
  route("fil?/rates", "routes/rates/page.tsx"),
  route("rates.csv", "routes/rates/csv.ts"),

  // Informational
  route("fil?/privacy-policy", "routes/info/privacy-policy.tsx"),
  route("fil?/terms-and-conditions", "routes/info/terms-and-conditions.tsx"),
  route("fil?/contact-us", "routes/info/contact-us.tsx"),
  route("fil?/faq", "routes/info/faq.tsx"),
  route("fil?/services", "routes/info/services.tsx"),

  // Forms
  route("fil?/customer-satisfaction-survey", "routes/survey/page.tsx", { id: "survey" }),
  route("fil?/css", "routes/survey/page.tsx", { id: "survey-short" }),
  route("fil?/service/new-service-connection", "routes/service/new-service-connection.tsx"),
  route("fil?/service/new-service-connection/:token", "routes/service/new-service-connection-summary.tsx"),
  route("fil?/service/bill-inquiry", "routes/service/bill-inquiry.tsx"),
  route("service/bill-inquiry/challenge", "routes/service/bill-inquiry-challenge.ts"),
  route("fil?/service/request-complaint", "routes/service/request-complaint.tsx"),
  route("fil?/service/request-complaint/:form", "routes/service/printable-form.tsx"),

  // The member portal (a realm of its own: app/routes/mco/session.server.ts), in both languages;
  // its files (PDF, CSV, JSON) stay unprefixed, one resource each.
  route("fil?/mco", "routes/mco/home.tsx"),
  route("fil?/mco/login", "routes/mco/login.tsx"),
  route("fil?/mco/login/code", "routes/mco/login-code.tsx"),
  route("fil?/mco/register", "routes/mco/register.tsx"),
  route("fil?/mco/register/code", "routes/mco/register-code.tsx"),
  route("fil?/mco/register/bill", "routes/mco/register-bill.tsx"),
  route("fil?/mco/sign-out", "routes/mco/sign-out.tsx"),
  route("fil?/mco/accounts/:account", "routes/mco/account.tsx"),
  route("mco/accounts/:account/usage.csv", "routes/mco/usage-csv.ts"),
  route("fil?/mco/accounts/:account/bills/:bill", "routes/mco/bill.tsx"),
  route("fil?/mco/accounts/:account/bills/:bill/pay", "routes/mco/pay.tsx"),
  // An online payment's acknowledgement, where the gateway sends the payer back (its reference is the key).
  route("fil?/pay/:reference", "routes/payments/receipt.tsx"),
  // A guest pays a bill they looked up on the bill inquiry (its answer's form posts here).
  route("fil?/pay", "routes/payments/guest.tsx"),
  route("mco/accounts/:account/bills/:bill/pdf", "routes/mco/bill-pdf.ts"),
  route("fil?/mco/my-data", "routes/mco/my-data.tsx"),
  route("mco/my-data.json", "routes/mco/my-data-json.ts"),
  route("fil?/mco/passkeys", "routes/mco/passkeys.tsx"),

  // Outage and hazard reports, the restoration hub
  route("fil?/report", "routes/report/report.tsx"),
  route("fil?/report/status/:token", "routes/report/status.tsx"),
  route("fil?/outages", "routes/report/outages.tsx"),

  // AGAM
  route("fil?/agam-registration", "routes/agam/registration.tsx"),
  route("fil?/agam-registration-confirmation/:origin/:account", "routes/agam/confirmation.tsx"),
  route("fil?/agam-registration/confirmation/:token", "routes/agam/confirmation-link.tsx"),
  route("fil?/agam-status", "routes/agam/status.tsx"),

  // Interruption alerts
  route("fil?/alerts", "routes/alerts/subscribe.tsx"),
  route("fil?/alerts/confirm/:token", "routes/alerts/confirm.tsx"),
  route("fil?/alerts/manage/:token", "routes/alerts/manage.tsx"),
  route("fil?/alerts/manage/:token/stop", "routes/alerts/stop.tsx"),

  // Search engines
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),

  // Staff console. Sign-in and enrolment stand alone; every other console page is a
  // child of the console layout (add yours there, and its entry to routes/staff/nav.ts). Each
  // page's loader and action calls requireStaff (routes/staff/guard.server.ts).
  route("staff/sign-in", "routes/staff/sign-in.tsx"),
  route("staff/sign-in/code", "routes/staff/sign-in-code.tsx"),
  route("staff/sign-out", "routes/staff/sign-out.tsx"),
  route("staff/enrol/factor", "routes/staff/enrol-factor.tsx"),
  route("staff/enrol/:token", "routes/staff/enrol.tsx"),
  route("staff/audit.jsonl", "routes/staff/audit-export.ts"),
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/home.tsx"),
    route("account", "routes/staff/account.tsx"),
    route("users", "routes/staff/users.tsx"),
    route("users/:id", "routes/staff/user.tsx"),
    route("audit", "routes/staff/audit.tsx"),
    route("help/files/:name", "routes/staff/help-file.ts"),
    route("help/:topic", "routes/staff/help.tsx"),
    // Publishing (content): interruptions, advisories and bids, rates, revisions.
    route("interruptions", "routes/staff/interruptions/list.tsx"),
    route("interruptions/new", "routes/staff/interruptions/edit.tsx", { id: "staff-interruption-new" }),
    route("interruptions/import", "routes/staff/interruptions/import.tsx"),
    route("interruptions/power-off", "routes/staff/interruptions/power-off.tsx"),
    route("interruptions/import/template.csv", "routes/staff/interruptions/import-template.ts"),
    route("interruptions/:id", "routes/staff/interruptions/edit.tsx", { id: "staff-interruption-edit" }),
    route("interruptions/:id/status", "routes/staff/interruptions/status.tsx"),
    route("history/:kind/:id", "routes/staff/content/history.tsx"),
    route("rates", "routes/staff/rates/editor.tsx"),
    route("rates/schedule", "routes/staff/rates/schedule.tsx"),
    route("bills", "routes/staff/bills/import.tsx"),
    route("bills/check", "routes/staff/bills/check.tsx"),
    route("bills/payments", "routes/staff/bills/payments.tsx"),
    route("bills/payments/to-post.csv", "routes/staff/bills/payments-csv.ts"),
    route("bills/tokens", "routes/staff/bills/tokens.tsx"),
    route("announcements/:kind", "routes/staff/announcements/list.tsx"),
    route("announcements/:kind/new", "routes/staff/announcements/edit.tsx", { id: "staff-announcement-new" }),
    route("announcements/:kind/:id", "routes/staff/announcements/edit.tsx", { id: "staff-announcement-edit" }),
    route("announcements/:kind/:id/preview", "routes/staff/announcements/preview.tsx"),
    route("content/:kind", "routes/staff/content/items.tsx"),
    route("content/:kind/new", "routes/staff/content/item-edit.tsx", { id: "staff-content-new" }),
    route("content/:kind/:id", "routes/staff/content/item-edit.tsx", { id: "staff-content-edit" }),
    route("content/:kind/:id/preview", "routes/staff/content/item-preview.tsx"),
    route("incidents", "routes/staff/incidents/list.tsx"),
    route("incidents/:id", "routes/staff/incidents/detail.tsx"),
    route("incidents/photo/:reportId", "routes/staff/incidents/photo.ts"),
    route("outages", "routes/staff/incidents/hub.tsx"),
    route("open311-keys", "routes/staff/incidents/open311-keys.tsx"),
    route("alerts", "routes/staff/alerts/overview.tsx"),
    route("alerts/:id", "routes/staff/alerts/interruption.tsx"),
    // Member services: survey results, the new-connection queue.
    route("members/survey", "routes/staff/members/survey.tsx"),
    route("members/survey/answers.csv", "routes/staff/members/survey-csv.ts"),
    route("members/survey/answers", "routes/staff/members/survey-answers.tsx"),
    route("members/survey/answers/:id", "routes/staff/members/survey-answer.tsx"),
    route("members/connections", "routes/staff/members/connections.tsx"),
    route("members/connections/:id", "routes/staff/members/connection.tsx"),
    // Member services: AGAM administration and tally, the member roll, data-subject requests.
    route("members/agam", "routes/staff/members/agam.tsx"),
    route("members/agam-tally", "routes/staff/members/tally.tsx"),
    route("members/agam-tally.csv", "routes/staff/members/tally-csv.ts"),
    route("members/agam/registrations", "routes/staff/members/registrations.tsx"),
    route("members/agam/registrations.csv", "routes/staff/members/registrations-csv.ts"),
    route("members/agam/registrations/:id", "routes/staff/members/registration.tsx"),
    route("members/agam/office", "routes/staff/members/office.tsx"),
    route("members/roll", "routes/staff/members/roll.tsx"),
    route("members/privacy", "routes/staff/members/privacy.tsx"),
    route("members/portal", "routes/staff/members/portal.tsx"),
    route("members/privacy/export.json", "routes/staff/members/privacy-export.ts"),
    route("*", "routes/staff/not-found.tsx"),
  ]),

  // Everything else: the 404 page inside the shell (in Filipino under /fil/, by its path)
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

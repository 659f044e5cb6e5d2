import { type Locale, localePath, translator } from "../../../modules/shared/i18n";
import { shellMessages } from "../../messages/shell";

/** The site's menu: every routed page, grouped as members look for them. */
export interface NavLink {
  to: string;
  label: string;
}
export interface NavGroup {
  label: string;
  to?: string;
  children: NavLink[];
}
export type NavItem = NavLink | NavGroup;

/** The menu in a language: labels from the shell's catalog, paths in that language. */
export function buildNavigation(categories: { tag: string; title: string }[], locale: Locale = "en"): NavItem[] {
  const t = translator(shellMessages, locale);
  const items: NavItem[] = [
    { to: "/", label: t("nav.home") },
    // What a member looks for when the power goes: reachable from every page, on a phone too.
    {
      label: t("nav.outages"),
      children: [
        { to: "/report", label: t("nav.report") },
        { to: "/outages", label: t("nav.restoration") },
        { to: "/news/power-interruptions", label: t("nav.interruptions") },
        { to: "/alerts", label: t("nav.alerts") },
      ],
    },
    {
      label: t("nav.about"),
      children: [
        { to: "/about-us", label: t("nav.aboutUs") },
        { to: "/about/company-profile", label: t("nav.companyProfile") },
        { to: "/about/mission-vision", label: t("nav.missionVision") },
        { to: "/about/pledge", label: t("nav.pledge") },
        { to: "/about/coverage-area", label: t("nav.coverage") },
        { to: "/about/organizational-structure", label: t("nav.structure") },
        { to: "/about/bod", label: t("nav.bod") },
        { to: "/gallery", label: t("nav.gallery") },
      ],
    },
    {
      label: t("nav.news"),
      children: [
        { to: "/news", label: t("nav.allNews") },
        { to: "/news/power-interruptions", label: t("nav.interruptions") },
        { to: "/news/advisories", label: t("nav.advisories") },
        { to: "/news/electricity-rates", label: t("nav.ratesNews") },
        { to: "/news/events-and-activities", label: t("nav.events") },
        { to: "/news/supply-and-load-demand", label: t("nav.supply") },
        { to: "/news/invitation-to-bid", label: t("nav.bidNews") },
        ...categories.map((c) => ({ to: `/news/${encodeURIComponent(c.tag)}`, label: c.title })),
      ],
    },
    { to: "/rates", label: t("nav.rates") },
    {
      label: t("nav.services"),
      children: [
        { to: "/services", label: t("nav.ourServices") },
        { to: "/service/new-service-connection", label: t("nav.newConnection") },
        { to: "/service/bill-inquiry", label: t("nav.billInquiry") },
        { to: "/service/request-complaint", label: t("nav.requests") },
        { to: "/customer-satisfaction-survey", label: t("nav.survey") },
      ],
    },
    { to: "/bids", label: t("nav.bids") },
    { to: "/careers", label: t("nav.careers") },
    {
      label: t("nav.agam"),
      children: [
        { to: "/agam-registration", label: t("nav.agamRegistration") },
        { to: "/agam-status", label: t("nav.agamStatus") },
      ],
    },
    {
      label: t("nav.contact"),
      children: [
        { to: "/contact-us", label: t("nav.contactUs") },
        { to: "/faq", label: t("nav.faq") },
        { to: "/mco/login", label: t("nav.portal") },
      ],
    },
  ];
  if (locale === "en") return items;
  const local = (to: string) => localePath(locale, to);
  return items.map((item) =>
    "children" in item ? { ...item, children: item.children.map((c) => ({ ...c, to: local(c.to) })) } : { ...item, to: local(item.to) },
  );
}

/** Small pieces every portal page shares: money, status, the portal's own header links. */

import { pesos } from "../../../modules/bills/money";
import type { BillStatus } from "../../../modules/bills/status";
import { MONTH_NAMES } from "../../../modules/shared/dates";
import { formatNumber, formatPeso, INTL_LOCALE, type Locale, localeOfPath, translate, translator } from "../../../modules/shared/i18n";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { BILL_STATUS_KEYS, billMessages } from "../../messages/bills";
import { portalMessages } from "../../messages/portal";

/** Money as the page's language writes it: "Php 1,234.50" in English (as before), "₱1,234.50" in Filipino. */
export const php = (cents: number, locale: Locale = "en") => (locale === "en" ? `Php ${pesos(cents)}` : formatPeso(cents / 100, locale));
/** kWh and readings to two decimals at most, grouped (one kept formatter: toLocaleString made one per call). */
export const kwhText = (n: number, locale: Locale = "en") => formatNumber(Math.round(n * 100) / 100, locale);

const monthFormats = new Map<string, Intl.DateTimeFormat>();
/** "July 2025" / "Hulyo 2025"; `short` "Jul" / "Hul" (the month alone). */
function monthFormat(locale: Locale, short: boolean) {
  const key = `${locale}:${short}`;
  let f = monthFormats.get(key);
  if (!f)
    monthFormats.set(
      key,
      (f = new Intl.DateTimeFormat(
        INTL_LOCALE[locale],
        short ? { month: "short", timeZone: "UTC" } : { month: "long", year: "numeric", timeZone: "UTC" },
      )),
    );
  return f;
}
export const monthName = (year: number, month: number, locale: Locale = "en") =>
  locale === "en" ? `${MONTH_NAMES[month - 1]} ${year}` : monthFormat(locale, false).format(Date.UTC(year, month - 1, 15));
export const monthShort = (month: number, locale: Locale = "en") =>
  locale === "en" ? MONTH_NAMES[month - 1]!.slice(0, 3) : monthFormat(locale, true).format(Date.UTC(2000, month - 1, 15));

/** A portal page's meta: its title in the page's language, never indexed. */
export function portalMeta(pathname: string, page: (t: ReturnType<typeof translator<typeof portalMessages.en>>) => string) {
  const t = translator(portalMessages, localeOfPath(pathname));
  return [{ title: t("mco.metaTitle", { page: page(t) }) }, { name: "robots", content: "noindex" }];
}

/** A bill's status as a badge: its class and words (the overview's template and StatusBadge). */
export const statusBadge = (status: BillStatus, locale: Locale) => ({
  className: `portal-status portal-status--${status}`,
  label: translate(billMessages, locale, BILL_STATUS_KEYS[status]),
});

export function StatusBadge({ status }: { status: BillStatus }) {
  const { className, label } = statusBadge(status, useLocale());
  return <span className={className}>{label}</span>;
}

/** The signed-in member's links: overview, my data, sign out (a form: signing out is a change). */
export function PortalBar() {
  const t = useT(portalMessages);
  const lp = useLocalePath();
  return (
    <nav className="portal-bar" aria-label={t("mco.portal")}>
      <a href={lp("/mco")}>{t("mco.bar.accounts")}</a>
      <a href={lp("/mco/my-data")}>{t("mco.bar.myData")}</a>
      <a href={lp("/mco/sign-out")}>{t("mco.bar.signOutEverywhere")}</a>
      <form method="post" action={lp("/mco/sign-out")} className="portal-bar__out">
        <button type="submit" className="button button--secondary">
          {t("mco.bar.signOut")}
        </button>
      </form>
    </nav>
  );
}

/** Where the member's part goes in the frame of a page member-pages.server.ts answers: plain letters, which no escaping changes. */
export const MEMBER_SLOT = "mcoMemberSlot";

export const ACCOUNT_PARAM = /^\d{2}-\d{4}-\d{4}$/;

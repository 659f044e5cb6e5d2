/**
 * The two pages a member opens most, the overview (/mco) and a bill, without React Router on
 * the way (a member's pages within 100 ms at p99 with 20 members at once; decision 0033). The member's part of each is
 * plain HTML from the templates below (their only markup); the rest of the document (head,
 * header, ticker, the portal's links, footer) is the page's React route rendered once with a slot
 * where the member's part goes (`MEMBER_SLOT`), kept per language as a public page is, and reused
 * for every member. Everything that is not a member's page to show (no session, another
 * member's account or bill, a failure) goes on to the React route, which answers it as before.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { getHubStatus } from "../../../modules/interruptions/restoration-hub.server";
import { payableBill, postingByBill } from "../../../modules/payments/pay.server";
import { barangayOfAddress } from "../../../modules/places/barangays.server";
import { linkedOverviews } from "../../../modules/portal/accounts.server";
import { groupLines, storedBillLines } from "../../../modules/portal/bill-lines";
import { maskContact } from "../../../modules/portal/contact";
import { formatShare, townAnchor } from "../../../modules/reports/model";
import { acceptsGzip } from "../../../modules/shared/accept-encoding";
import { TOWNS } from "../../../modules/shared/constants";
import { formatDate, formatDateTime } from "../../../modules/shared/dates";
import { loggableError } from "../../../modules/shared/errors";
import { escapeHtml } from "../../../modules/shared/escape";
import { type DeflatedPiece, deflatePiece, gzipJoin } from "../../../modules/shared/gzip-pieces.server";
import { type Locale, localeOfPath, localePath, translator } from "../../../modules/shared/i18n";
import { appContext, services } from "../../context";
import { requestLocale } from "../../i18n";
import { outageMessages } from "../../messages/outages";
import { paymentMessages } from "../../messages/payments";
import { portalMessages } from "../../messages/portal";
import { WhereToPayIn } from "../payments/WhereToPay";
import { whereToPay } from "../payments/where-to-pay.server";
import { requireLinkedBill } from "./account.server";
import { MEMBER_CACHE_CONTROL, requireMember, type SignedInMember } from "./session.server";
import { kwhText, MEMBER_SLOT, monthName, php, statusBadge } from "./ui";

type Ctx = Parameters<typeof services>[0];

/** A bill page's frame is rendered for these; each request's account and bill take their places. */
const ACCOUNT_TOKEN = "mcoAccountSlot";
const BILL_TOKEN = "mcoBillSlot";

/** Set on the context of the frame's render only: the routes then render the frame, with no member. */
const frameRender = Symbol("member page frame");
export const isFrameRender = (context: Ctx) => (context as { [frameRender]?: true })[frameRender] === true;

// ---- The member's part of each page ----

/**
 * A bill's online payment in words: "Paid online, being posted" with its reference once the
 * gateway said so, else a Pay button while something is left to pay and payments are on.
 */
async function paymentPart(
  context: Ctx,
  locale: Locale,
  account: string,
  billNumber: string,
  balance: number,
  posting: { reference: string } | undefined,
  online: boolean,
): Promise<string> {
  const t = translator(paymentMessages, locale);
  if (posting)
    return `<p class="portal-paid"><strong>${escapeHtml(t("pay.beingPosted"))}</strong>. ${escapeHtml(t("pay.beingPostedNote", { reference: posting.reference }))}</p>`;
  if (balance <= 0) return "";
  const places = await whereToPayMarkup(context, locale, online);
  if (!online) return places;
  const href = localePath(locale, `/mco/accounts/${account}/bills/${encodeURIComponent(billNumber)}/pay`);
  return `<p><a class="button" href="${escapeHtml(href)}">${escapeHtml(t("pay.button", { amount: php(balance, locale) }))}</a></p>${places}`;
}

/** "Where to pay" as markup (the pages' own component), folded beside a Pay button; made once per language until a content change. */
function whereToPayMarkup(context: Ctx, locale: Locale, folded: boolean): Promise<string> {
  return services(context).reference(`where-to-pay-markup ${locale} ${folded}`, async () =>
    renderToStaticMarkup(createElement(WhereToPayIn, { groups: await whereToPay(context, locale), folded, locale })),
  );
}

const e = escapeHtml;
/** One term and its value in a summary list (`value` is markup already). */
const row = (term: string, value: string) => `<div><dt>${e(term)}</dt><dd>${value}</dd></div>`;

/**
 * Power where the account is: its barangay (when its address on the roll names one) with power
 * or not and when it is expected back, its town's share of barangays with power, and a link to
 * the town on the outages hub. The hub's picture is kept as reference data (dropped when staff
 * change the figures, at most REFERENCE_TTL_MS old otherwise), not worked out for every member.
 */
async function areaRow(
  s: ReturnType<typeof services>,
  account: { town: string | null; address: string | null },
  locale: Locale,
): Promise<string> {
  const town = TOWNS.find((x) => x === account.town);
  if (!town) return "";
  const [hub, barangay] = await Promise.all([
    s.reference("hub-status", () => getHubStatus(s.db)),
    barangayOfAddress(s.db, town, account.address),
  ]);
  const status = hub.towns.find((x) => x.town === town);
  if (!status) return "";
  const t = translator(portalMessages, locale);
  const o = translator(outageMessages, locale);
  const when = (d: Date | null) => (d ? t("mco.area.etr", { at: formatDateTime(d, locale) }) : t("mco.area.noEtr"));
  const off = barangay ? status.areasOff.find((a) => a.barangayId === barangay.id) : undefined;
  const place = barangay ? `${barangay.name}, ${town}` : town;
  const mine = barangay ? (off ? `${t("mco.area.off", { place })}${when(off.etr)}` : t("mco.area.on", { place })) : "";
  const line =
    status.barangaysEnergized === status.barangaysTotal
      ? o("outages.townAll")
      : `${o("outages.townLine", {
          part: String(status.barangaysEnergized),
          whole: String(status.barangaysTotal),
          share: formatShare(status.barangaysEnergized / status.barangaysTotal),
          // The town's latest estimate, when the account's own barangay (with its estimate) is not known.
        })}${barangay ? "" : when(status.etr)}`;
  const href = `${localePath(locale, "/outages")}#${townAnchor(town)}`;
  const value = `${mine ? `<strong>${e(mine)}</strong>. ` : ""}${e(t("mco.area.town", { town, line }))} <a href="${e(href)}">${e(
    t("mco.area.link", { town }),
  )}</a>`;
  return row(t("mco.area"), value);
}

/** The overview of every linked account: latest bill, amount, due date, status, last payment, power in its area. */
export async function overviewPart(request: Request, context: Ctx): Promise<{ member: SignedInMember; html: string }> {
  const member = await requireMember(request, context);
  const s = services(context);
  const accounts = await linkedOverviews(s.db, member.userId);
  const locale = requestLocale(request);
  const t = translator(portalMessages, locale);
  const lp = (path: string) => localePath(locale, path);
  const contact = member.member.contact ? maskContact(member.member.contact) : "";
  let html = `<h1>${e(t("mco.bar.accounts"))}</h1><p class="portal-note">${e(t("mco.signedInWith", { contact }))}</p>`;
  if (accounts.length === 0) html += `<p>${e(t("mco.home.none"))}</p>`;
  // Every account's online payments being posted, in one query rather than one per account.
  const postings = await postingByBill(
    s.db,
    accounts.map((a) => a.accountNumber),
  );
  for (const a of accounts) {
    const href = e(lp(`/mco/accounts/${a.accountNumber}`));
    const id = e(`acct-${a.accountNumber}`);
    html += `<section class="portal-card" aria-labelledby="${id}"><h2 id="${id}"><a href="${href}">${e(a.accountNumber)}</a>${a.name ? e(` · ${a.name}`) : ""}</h2>`;
    const l = a.latest;
    const area = await areaRow(s, a, locale);
    if (l) {
      const badge = statusBadge(l.status, locale);
      html += `<dl class="summary-list">${row(t("mco.latestBill"), e(monthName(l.billingYear, l.billingMonth, locale)))}${row(
        t("mco.amountDue"),
        `<strong>${e(php(l.totalDue, locale))}</strong>`,
      )}${row(t("mco.dueDate"), e(formatDate(l.dueDate, locale)))}${row(
        t("mco.status"),
        `<span class="${e(badge.className)}">${e(badge.label)}</span>${
          l.status !== "paid" && l.balance !== l.totalDue ? e(t("mco.leftToPay", { amount: php(l.balance, locale) })) : ""
        }`,
      )}`;
      if (l.disconnectionDate && l.status === "overdue")
        html += row(t("mco.disconnection"), e(t("mco.disconnectionIf", { date: formatDate(l.disconnectionDate, locale) })));
      const p = a.lastPayment;
      html += `${row(
        t("mco.lastPayment"),
        e(
          p
            ? t("mco.paymentOnOr", { amount: php(p.amount, locale), date: formatDate(p.paidOn, locale), or: p.orNumber })
            : t("mco.noPayment"),
        ),
      )}${area}</dl>`;
      const posting = postings.get(l.billNumber);
      html += await paymentPart(
        context,
        locale,
        a.accountNumber,
        l.billNumber,
        l.status === "paid" ? 0 : l.balance,
        posting,
        Boolean(s.payments),
      );
    } else html += `<p>${e(t("mco.noBill"))}</p>${area ? `<dl class="summary-list">${area}</dl>` : ""}`;
    html += `<p><a href="${href}">${e(t("mco.home.accountLink", { account: a.accountNumber }))}</a></p></section>`;
  }
  html += `<p><a href="${e(lp("/mco/register"))}" class="button button--secondary">${e(t("mco.home.add"))}</a></p>`;
  return { member, html };
}

/** One bill with every line as the billing system sent it (the account must be the member's: else the same 404). */
export async function billPart(
  request: Request,
  context: Ctx,
  account: string | undefined,
  billNumber: string | undefined,
): Promise<{ member: SignedInMember; html: string }> {
  const { member, bill: b, accountNumber } = await requireLinkedBill(request, context, account, billNumber);
  const locale = requestLocale(request);
  const t = translator(portalMessages, locale);
  const groups = groupLines(storedBillLines(b, locale));
  // The file is unprefixed (one resource); it is made in the language of the page that links to it.
  const pdf = `/mco/accounts/${accountNumber}/bills/${encodeURIComponent(b.billNumber)}/pdf?lang=${locale}`;
  let html = `<p><a href="${e(localePath(locale, `/mco/accounts/${accountNumber}`))}">${e(t("mco.account", { account: accountNumber }))}</a></p>`;
  html += `<h1>${e(t("mco.bill.title", { month: monthName(b.billingYear, b.billingMonth, locale) }))}</h1>`;
  const s = services(context);
  const [payable, posting] = await Promise.all([payableBill(s.db, accountNumber, b.billNumber), postingByBill(s.db, accountNumber)]);
  html += await paymentPart(
    context,
    locale,
    accountNumber,
    b.billNumber,
    payable?.balance ?? 0,
    posting.get(b.billNumber),
    Boolean(s.payments),
  );
  html += `<p><a href="${e(pdf)}" class="button button--secondary">${e(t("mco.bill.pdf"))}</a></p>`;
  html += `<dl class="summary-list">${row(t("mco.bill.number"), e(b.billNumber))}${row(
    t("mco.bill.period"),
    e(t("mco.range", { from: formatDate(b.periodFrom, locale), to: formatDate(b.periodTo, locale) })),
  )}${row(
    t("mco.bill.readings"),
    e(
      t("mco.range", { from: kwhText(b.previousReading, locale), to: kwhText(b.presentReading, locale) }) +
        (b.multiplier !== 1 ? ` × ${b.multiplier}` : "") +
        t("mco.bill.read", { date: formatDate(b.readingDate, locale) }),
    ),
  )}${row(t("mco.bill.energy"), e(`${kwhText(b.kwh, locale)} kWh`))}`;
  if (b.demandKw !== null) html += row(t("mco.bill.demand"), e(`${kwhText(b.demandKw, locale)} kW`));
  html += row(t("mco.amountDue"), `<strong>${e(php(b.totalDue, locale))}</strong>`);
  html += row(t("mco.dueDate"), e(formatDate(b.dueDate, locale)));
  if (b.disconnectionDate) html += row(t("mco.disconnection"), e(formatDate(b.disconnectionDate, locale)));
  html += `</dl><h2>${e(t("mco.bill.charges"))}</h2><div class="portal-scroll"><table class="portal-table">`;
  for (const g of groups) {
    html += `<tbody><tr><th scope="rowgroup" colspan="2">${e(g.group)}</th></tr>`;
    for (const l of g.lines) html += `<tr><td>${e(l.label)}</td><td class="num">${e(php(l.amount, locale))}</td></tr>`;
    html += "</tbody>";
  }
  html += `<tfoot><tr><td>${e(t("mco.bill.total"))}</td><td class="num">${e(php(b.totalDue, locale))}</td></tr></tfoot></table></div>`;
  html += `<p class="portal-note">${e(t("mco.bill.note"))}</p>`;
  return { member, html };
}

// ---- The frame, kept per language ----

interface Frame {
  /** The document's text between the slots (also compressed once, for gzip answers), and what goes into each slot. */
  pieces: DeflatedPiece[];
  slots: ("member" | "account" | "billText" | "billPath" | "billInQuery")[];
  /** The document's Content-Security-Policy (its inline scripts are the frame's). */
  policy: string;
}

/** As long as a public page is kept (CACHE_TTL_MS's default): the ticker moves with the clock. */
const FRAME_TTL_MS = 10_000;
/**
 * The frame per page and language, with when it was made and services.reference's object then (a
 * new one after a content change). The promise is kept, not the frame: the requests that find it
 * out of date at once wait for one render, rather than each making its own (at 20 connections,
 * twenty whole React renders at once).
 */
const frames = new Map<string, { at: number; epoch: object; frame: Promise<Frame> }>();

/** The frame's text cut at its slots; the bill's number goes in as text, as a path segment, or inside the language switch's query. */
function cut(html: string): Pick<Frame, "pieces" | "slots"> {
  const pieces: DeflatedPiece[] = [];
  const slots: Frame["slots"] = [];
  const at = new RegExp(`(%2F|/)?(${MEMBER_SLOT}|${ACCOUNT_TOKEN}|${BILL_TOKEN})`, "g");
  let from = 0;
  for (const m of html.matchAll(at)) {
    const [, before = "", token] = m;
    pieces.push(deflatePiece(html.slice(from, m.index) + before));
    from = m.index + m[0].length;
    if (token === MEMBER_SLOT) slots.push("member");
    else if (token === ACCOUNT_TOKEN) slots.push("account");
    else slots.push(before === "%2F" ? "billInQuery" : before === "/" ? "billPath" : "billText");
  }
  pieces.push(deflatePiece(html.slice(from)));
  // Exactly one: the same letters in the site's own content would otherwise be a second slot.
  if (slots.filter((slot) => slot === "member").length !== 1) throw new Error("a member page's frame needs one slot for the member's part");
  return { pieces, slots };
}

export type Handle = (request: Request, context: RouterContextProvider) => Promise<Response>;

async function frameOf(
  kind: "overview" | "bill",
  locale: Locale,
  request: Request,
  context: Ctx,
  handle: Handle,
  policyOf: (html: string) => string,
): Promise<Frame> {
  const s = services(context);
  // The frame is dropped with the reference data (a content change, or REFERENCE_TTL_MS; never kept when that is 0).
  const epoch = await s.reference("member-page-frame", async () => ({}));
  const key = `${kind} ${locale}`;
  const kept = frames.get(key);
  if (kept && kept.epoch === epoch && Date.now() - kept.at < FRAME_TTL_MS) return kept.frame;
  const frame = renderFrame(kind, locale, request, s, handle, policyOf);
  frames.set(key, { at: Date.now(), epoch, frame });
  // A failure is not kept: the next request tries again.
  frame.catch(() => frames.get(key)?.frame === frame && frames.delete(key));
  return frame;
}

async function renderFrame(
  kind: "overview" | "bill",
  locale: Locale,
  request: Request,
  s: ReturnType<typeof services>,
  handle: Handle,
  policyOf: (html: string) => string,
): Promise<Frame> {
  const path = localePath(locale, kind === "overview" ? "/mco" : `/mco/accounts/${ACCOUNT_TOKEN}/bills/${BILL_TOKEN}`);
  const frameContext = new RouterContextProvider();
  frameContext.set(appContext, s);
  Object.assign(frameContext, { [frameRender]: true });
  const response = await handle(new Request(new URL(path, request.url)), frameContext);
  const html = await response.text();
  if (response.status !== 200) throw new Error(`a member page's frame answered ${response.status}`);
  return { ...cut(html), policy: policyOf(html) };
}

const PAGES: { kind: "overview" | "bill"; path: RegExp }[] = [
  { kind: "overview", path: /^(?:\/fil)?\/mco\/?$/i },
  { kind: "bill", path: /^(?:\/fil)?\/mco\/accounts\/([^/]+)\/bills\/([^/]+)\/?$/i },
];

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // not a valid escape: React Router's answer
  }
};

/**
 * The overview or a bill page for the signed-in member, or null when this path is not one of
 * them or there is no such page to show (the React route then answers: the sign-in redirect,
 * the 404). `handle` is React Router's request handler (for the frame); `policyOf` the
 * document's Content-Security-Policy.
 */
export async function memberPage(
  request: Request,
  context: Ctx,
  handle: Handle,
  policyOf: (html: string) => string,
): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  const page = PAGES.find((p) => p.path.test(pathname));
  if (!page) return null;
  let part: { member: SignedInMember; html: string };
  let account: string | undefined = "";
  let bill: string | undefined = "";
  try {
    if (page.kind === "overview") part = await overviewPart(request, context);
    else {
      const [, a = "", b = ""] = page.path.exec(pathname)!;
      [account, bill] = [decoded(a), decoded(b)];
      if (account === undefined || bill === undefined) return null;
      part = await billPart(request, context, account, bill);
    }
  } catch {
    // A redirect, a 404, the database away: the route's loader meets the same and answers it in its
    // page, as for every other page (the sign-in page, the 404 page, a 503 with Retry-After).
    return null;
  }
  let frame: Frame;
  try {
    frame = await frameOf(page.kind, localeOfPath(pathname), request, context, handle, policyOf);
  } catch (error) {
    // The route renders the whole page itself then (its loader has the same template).
    services(context).log.error({ err: loggableError(error) }, "member page frame failed");
    return null;
  }
  const fill: Record<Frame["slots"][number], string> = {
    member: part.html,
    account: e(account ?? ""),
    billText: e(bill ?? ""),
    billPath: e(encodeURIComponent(bill ?? "")),
    billInQuery: encodeURIComponent(encodeURIComponent(bill ?? "")),
  };
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": MEMBER_CACHE_CONTROL,
    "Content-Security-Policy": frame.policy,
  });
  for (const c of part.member.cookies) headers.append("Set-Cookie", c);
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  // Compressed here, not by the server's compression: the frame's pieces were compressed once.
  if (acceptsGzip(request.headers.get("accept-encoding"))) {
    const pieces: (DeflatedPiece | string)[] = [frame.pieces[0]!];
    for (const [i, slot] of frame.slots.entries()) pieces.push(fill[slot], frame.pieces[i + 1]!);
    headers.set("Content-Encoding", "gzip");
    headers.set("Vary", "Accept-Encoding");
    const body = gzipJoin(pieces);
    return new Response(new Uint8Array(body), { status: 200, headers });
  }
  let html = frame.pieces[0]!.raw.toString();
  for (const [i, slot] of frame.slots.entries()) html += fill[slot] + frame.pieces[i + 1]!.raw.toString();
  return new Response(html, { status: 200, headers });
}

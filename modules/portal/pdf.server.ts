/**
 * A bill as a PDF on A4, made on the server with pdfkit (its built-in Helvetica: no font file
 * to ship, text a reader can copy and search): the cooperative, the account, the period, the
 * readings, every line as the billing system sent it, the amount due and the due date. The
 * figures come from the same lines as the bill page (bill-lines.ts). In the member's language:
 * the labels below in English and Filipino side by side (modules may not import the catalogs,
 * decision 0029; the words are the portal page's, docs/glossary-filipino.md), the charges named
 * as bill-lines.ts names them, dates from the platform; the figures are the same in both.
 */
import PDFDocument from "pdfkit";
import { pesos } from "../bills/money";
import { type PaymentPlaceGroup, WHERE_TO_PAY_WORDS } from "../payments/where-to-pay";
import { formatDate, formatMonthYear } from "../shared/dates";
import type { Locale } from "../shared/i18n";
import type { AccountBill } from "./accounts.server";
import { groupLines, storedBillLines } from "./bill-lines";

export interface BillPdfHeader {
  cooperative: string;
  address: string;
  phone: string;
  memberName: string | null;
  serviceAddress: string | null;
  /** "Where to pay" as staff list it, in the sheet's language; printed under the amounts while the bill is unpaid. */
  whereToPay?: readonly PaymentPlaceGroup[];
}

/** The sheet's own words. */
const WORDS = {
  en: {
    title: (month: string) => `Electric bill for ${month}`,
    docTitle: (bill: string) => `Bill ${bill}`,
    docSubject: (account: string) => `Electric bill of account ${account}`,
    account: "Account number",
    member: "Member",
    serviceAddress: "Service address",
    billNumber: "Bill number",
    rateClass: "Rate class",
    period: "Billing period",
    range: (from: string, to: string) => `${from} to ${to}`,
    readings: "Meter readings",
    read: (date: string) => `, read ${date}`,
    energy: "Energy used",
    demand: "Billed demand",
    total: "Total amount due",
    dueDate: "Due date",
    disconnection: "Disconnection date if unpaid",
    note: "The lines as the cooperative's billing system sent them. Keep your official receipts.",
  },
  fil: {
    title: (month: string) => `Bill ng kuryente para sa ${month}`,
    docTitle: (bill: string) => `Bill ${bill}`,
    docSubject: (account: string) => `Bill ng kuryente ng account ${account}`,
    account: "Numero ng account",
    member: "Miyembro",
    serviceAddress: "Tirahan ng serbisyo",
    billNumber: "Numero ng bill",
    rateClass: "Uri ng singil (rate class)",
    period: "Panahon ng singil",
    range: (from: string, to: string) => `${from} hanggang ${to}`,
    readings: "Basa ng metro",
    read: (date: string) => `, binasa noong ${date}`,
    energy: "Nagamit na kuryente",
    demand: "Siningil na demand",
    total: "Kabuuang halagang babayaran",
    dueDate: "Takdang petsa ng bayad",
    disconnection: "Petsa ng pagputol ng kuryente kung hindi mabayaran",
    note: "Ang mga linya gaya ng ipinadala ng billing system ng kooperatiba. Itago ang inyong mga opisyal na resibo.",
  },
} satisfies Record<Locale, unknown>;

const php = (c: number) => `Php ${pesos(c)}`;
const num = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 2 });

export function billPdf(bill: AccountBill, head: BillPdfHeader, locale: Locale = "en"): Promise<Buffer> {
  const w = WORDS[locale];
  const date = (d: string) => formatDate(d, locale);
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    lang: locale,
    info: { Title: w.docTitle(bill.billNumber), Author: head.cooperative, Subject: w.docSubject(bill.accountNumber) },
    compress: true,
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  doc.font("Helvetica-Bold").fontSize(15).text(head.cooperative, left, 50, { width });
  doc.font("Helvetica").fontSize(9).fillColor("#444").text(`${head.address} · ${head.phone}`, { width });
  doc.moveDown(0.8).fillColor("#000").font("Helvetica-Bold").fontSize(13);
  doc.text(w.title(formatMonthYear(bill.billingYear, bill.billingMonth, locale)));
  doc.moveDown(0.5);

  const pair = (label: string, value: string) => {
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor("#444").text(label, left, y, { width: 150 });
    doc.fillColor("#000").text(value, left + 160, y, { width: width - 160 });
    doc.moveDown(0.15);
  };
  pair(w.account, bill.accountNumber);
  if (head.memberName) pair(w.member, head.memberName);
  if (head.serviceAddress) pair(w.serviceAddress, head.serviceAddress);
  pair(w.billNumber, bill.billNumber);
  pair(w.rateClass, bill.rateClass);
  pair(w.period, w.range(date(bill.periodFrom), date(bill.periodTo)));
  pair(
    w.readings,
    `${w.range(num(bill.previousReading), num(bill.presentReading))}${bill.multiplier !== 1 ? ` x ${num(bill.multiplier)}` : ""}${w.read(date(bill.readingDate))}`,
  );
  pair(w.energy, `${num(bill.kwh)} kWh`);
  if (bill.demandKw !== null) pair(w.demand, `${num(bill.demandKw)} kW`);

  doc.moveDown(0.6);
  const line = (label: string, amount: string, bold = false) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(10)
      .text(label, left + (bold ? 0 : 10), y, { width: width - 130 });
    const after = doc.y;
    doc.text(amount, right - 120, y, { width: 120, align: "right" });
    doc.y = Math.max(after, doc.y);
  };
  for (const g of groupLines(storedBillLines(bill, locale))) {
    line(g.group, "", true);
    for (const l of g.lines) line(l.label, php(l.amount));
    doc.moveDown(0.3);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#999").stroke();
  doc.moveDown(0.4);
  doc.fontSize(12);
  line(w.total, php(bill.totalDue), true);
  line(w.dueDate, date(bill.dueDate), true);
  if (bill.disconnectionDate) line(w.disconnection, date(bill.disconnectionDate));
  doc.moveDown(1);
  if (head.whereToPay?.length) whereToPay(doc, head.whereToPay, locale, left, width);
  doc.font("Helvetica").fontSize(8).fillColor("#444").text(w.note, left, doc.y, { width });
  doc.end();
  return done;
}

/** The places to pay, a kind at a time: each place's name in bold and its lines after it. */
function whereToPay(doc: PDFKit.PDFDocument, groups: readonly PaymentPlaceGroup[], locale: Locale, left: number, width: number) {
  const words = WHERE_TO_PAY_WORDS[locale];
  const room = (lines: number) => doc.y + lines * 12 > doc.page.height - 60 && doc.addPage();
  room(4);
  doc.font("Helvetica-Bold").fontSize(11).fillColor("#000").text(words.title, left, doc.y, { width });
  doc.font("Helvetica").fontSize(9).text(words.bring, left, doc.y, { width });
  for (const g of groups) {
    room(3);
    doc.moveDown(0.4).font("Helvetica-Bold").fontSize(9).text(words.kinds[g.kind], left, doc.y, { width });
    for (const p of g.places) {
      room(1 + p.lines.length);
      const name = p.lang === locale ? p.name : `${p.name} ${words.inEnglish}`;
      doc
        .font("Helvetica-Bold")
        .fontSize(9)
        .text(name, left + 10, doc.y, { width: width - 10, continued: p.lines.length > 0 });
      if (p.lines.length) doc.font("Helvetica").text(`: ${p.lines.join("; ")}`);
    }
  }
  doc.moveDown(1);
}

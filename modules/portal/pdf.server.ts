/**
 * A bill as a PDF on A4, made on the server with pdfkit (its built-in Helvetica: no font file
 * to ship, text a reader can copy and search): the cooperative, the account, the period, the
 * readings, every line as the billing system sent it, the amount due and the due date. The
 * figures come from the same lines as the bill page (bill-lines.ts).
 */
import PDFDocument from "pdfkit";
import { pesos } from "../bills/money";
import { formatDate, MONTH_NAMES } from "../shared/dates";
import type { AccountBill } from "./accounts.server";
import { groupLines, storedBillLines } from "./bill-lines";

export interface BillPdfHeader {
  cooperative: string;
  address: string;
  phone: string;
  memberName: string | null;
  serviceAddress: string | null;
}

const php = (c: number) => `Php ${pesos(c)}`;
const num = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 2 });

export function billPdf(bill: AccountBill, head: BillPdfHeader): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: { Title: `Bill ${bill.billNumber}`, Author: head.cooperative, Subject: `Electric bill of account ${bill.accountNumber}` },
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
  doc.text(`Electric bill for ${MONTH_NAMES[bill.billingMonth - 1]} ${bill.billingYear}`);
  doc.moveDown(0.5);

  const pair = (label: string, value: string) => {
    const y = doc.y;
    doc.font("Helvetica").fontSize(10).fillColor("#444").text(label, left, y, { width: 150 });
    doc.fillColor("#000").text(value, left + 160, y, { width: width - 160 });
    doc.moveDown(0.15);
  };
  pair("Account number", bill.accountNumber);
  if (head.memberName) pair("Member", head.memberName);
  if (head.serviceAddress) pair("Service address", head.serviceAddress);
  pair("Bill number", bill.billNumber);
  pair("Rate class", bill.rateClass);
  pair("Billing period", `${formatDate(bill.periodFrom)} to ${formatDate(bill.periodTo)}`);
  pair(
    "Meter readings",
    `${num(bill.previousReading)} to ${num(bill.presentReading)}${bill.multiplier !== 1 ? ` x ${num(bill.multiplier)}` : ""}, read ${formatDate(bill.readingDate)}`,
  );
  pair("Energy used", `${num(bill.kwh)} kWh`);
  if (bill.demandKw !== null) pair("Billed demand", `${num(bill.demandKw)} kW`);

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
  for (const g of groupLines(storedBillLines(bill))) {
    line(g.group, "", true);
    for (const l of g.lines) line(l.label, php(l.amount));
    doc.moveDown(0.3);
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor("#999").stroke();
  doc.moveDown(0.4);
  doc.fontSize(12);
  line("Total amount due", php(bill.totalDue), true);
  line("Due date", formatDate(bill.dueDate), true);
  if (bill.disconnectionDate) line("Disconnection date if unpaid", formatDate(bill.disconnectionDate));
  doc.moveDown(1);
  doc
    .font("Helvetica")
    .fontSize(8)
    .fillColor("#444")
    .text("The lines as the cooperative's billing system sent them. Keep your official receipts.", left, doc.y, { width });
  doc.end();
  return done;
}

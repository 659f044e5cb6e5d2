/** A portal visitor for inject tests: its own cookies and address, forms posted as a browser would. */
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bills } from "../../db/schema";
import type { TestApp } from "../support/app";
import { CookieJar } from "../support/cookie-jar";
import type { SmsGatewayStandIn } from "../support/sms-gateway";

let nextIp = 1;

export class Visitor {
  jar = new CookieJar();
  ip: string;
  constructor(
    private t: TestApp,
    ip?: string,
  ) {
    this.ip = ip ?? `198.51.100.${nextIp++ % 250}`;
  }
  async get(url: string) {
    const res = await this.t.app.inject({ method: "GET", url, headers: { cookie: this.jar.header, "x-forwarded-for": this.ip } });
    this.jar.take(res.headers);
    return res;
  }
  async post(url: string, fields: Record<string, string>) {
    const res = await this.t.app.inject({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://localhost:80",
        cookie: this.jar.header,
        "x-forwarded-for": this.ip,
      },
      payload: new URLSearchParams(fields).toString(),
    });
    this.jar.take(res.headers);
    return res;
  }
}

export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null;
export const rOf = (location: string) => new URL(location, "http://x").searchParams.get("r")!;

/** Registers `account` (whose number on file receives the text) and ends signed in. */
export async function register(v: Visitor, sms: SmsGatewayStandIn, account: string) {
  const before = sms.messages.length;
  const asked = await v.post("/mco/register", { accountNumber: account });
  if (asked.statusCode !== 303 && asked.statusCode !== 302) throw new Error(`register answered ${asked.statusCode}`);
  await waitUntil(() => sms.messages.length > before);
  const code = codeIn(sms.messages.at(-1)!.message)!;
  const done = await v.post("/mco/register/code", { r: rOf(asked.headers.location as string), code });
  return { asked, done, code, r: rOf(asked.headers.location as string) };
}

export async function waitUntil(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The figures printed on an account's paper bill that prove it (`back` 0: the latest bill, 1: the one before). */
export async function paperBill(db: Db, account: string, back = 0) {
  const rows = await db
    .select({ billNumber: bills.billNumber, presentReading: bills.presentReading, previousReading: bills.previousReading })
    .from(bills)
    .where(eq(bills.accountNumber, account))
    .orderBy(desc(bills.periodTo), desc(bills.billNumber))
    .limit(back + 1);
  const bill = rows[back];
  if (!bill) throw new Error(`no bill ${back} back for ${account}`);
  // As the paper bill prints it: "12,345".
  const printed = Number(bill.presentReading).toLocaleString("en-PH");
  return {
    billNumber: bill.billNumber,
    presentReading: printed,
    reading: Number(bill.presentReading),
    previous: Number(bill.previousReading),
  };
}

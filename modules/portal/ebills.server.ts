/**
 * New-bill notices: paperless e-bills by e-mail, and short texts for members who sign in by
 * text. A bill stored by an import queues one notice per member who opted in for its account
 * (by the member's confirmed contact: e-mail or SMS), in the import's own transaction; the key (member, bill, revision) means a
 * re-import queues nothing and a corrected bill (a new revision) queues one "corrected" e-mail.
 * The alerts worker sends them: each row is claimed by a conditional update first, so a row
 * already sent is never sent again, and one claimed by a worker that died is taken again only
 * after the claim has gone stale (the Message-ID stays the same, so a repeat is recognisable).
 */
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { smsSendAt } from "../alerts/quiet-hours";
import { pesos } from "../bills/money";
import { formatDate } from "../shared/dates";
import { formatPeso, INTL_LOCALE, type Locale, localePath } from "../shared/i18n";

/** Queues the new-bill notices of these freshly stored bills (inside the import's transaction). */
export async function queueEbills(tx: DbOrTx, billNumbers: string[]): Promise<number> {
  if (!billNumbers.length) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into portal_ebills (user_id, account_number, bill_number, revision, channel, address)
      select l.user_id, b.account_number, b.bill_number, b.revision, u.contact_kind, u.contact
      from bills b
      join portal_links l on l.account_number = b.account_number and l.paperless
      join portal_user u on u.id = l.user_id and u.contact_kind in ('email', 'sms') and u.contact is not null
        and u.locked_at is null
      where b.bill_number in (${sql.join(
        billNumbers.map((n) => sql`${n}`),
        sql`, `,
      )})
      on conflict (user_id, bill_number, revision) do nothing
      returning id`,
  );
  return rows.length;
}

export interface EbillSender {
  send(m: {
    idempotencyKey: string;
    to: string;
    subject: string;
    body: string;
  }): Promise<{ ok: true; id?: string } | { ok: false; retryable?: boolean; error: string }>;
}

const MAX_ATTEMPTS = 8;

export type NoticeChannel = "email" | "sms";

const billMonth = (b: { billingYear: number; billingMonth: number }, language: Locale) =>
  new Date(Date.UTC(b.billingYear, b.billingMonth - 1, 15)).toLocaleString(INTL_LOCALE[language], {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * The text of one bill revision to a member who signs in by text: the account, the month, the
 * amount and the due date, in GSM-7 (peso as "PHP") within two segments. Its only link is the
 * portal's sign-in page: no account or bill number in it, nothing that opens anything for
 * whoever else reads the phone (decision 0042).
 */
export function billSms(
  b: { accountNumber: string; totalDue: number; dueDate: string; billingYear: number; billingMonth: number },
  corrected: boolean,
  publicUrl: string,
  language: Locale = "en",
): string {
  const month = billMonth(b, language);
  const amount = `PHP ${pesos(b.totalDue)}`;
  const due = formatDate(`${b.dueDate}T12:00:00+08:00`, language);
  const portal = `${publicUrl}${localePath(language, "/mco")}`;
  if (language === "fil")
    return corrected
      ? `WESPECO: Itinama ang bill ninyo para sa ${month}, account ${b.accountNumber}: ${amount}, bayaran hanggang ${due}. Mag-sign in sa ${portal} para makita. Maaaring itigil doon ang text na ito.`
      : `WESPECO: Handa na ang bill ninyo para sa ${month}, account ${b.accountNumber}: ${amount}, bayaran hanggang ${due}. Mag-sign in sa ${portal} para makita. Maaaring itigil doon ang text na ito.`;
  return corrected
    ? `WESPECO: Your bill for ${month}, account ${b.accountNumber}, was corrected: ${amount}, due ${due}. Sign in at ${portal} to see it. You can stop these texts there.`
    : `WESPECO: Your bill for ${month}, account ${b.accountNumber}, is ready: ${amount}, due ${due}. Sign in at ${portal} to see it. You can stop these texts there.`;
}

/** The e-mail of one bill revision. */
export function ebillMessage(
  b: { accountNumber: string; billNumber: string; totalDue: number; dueDate: string; billingYear: number; billingMonth: number },
  corrected: boolean,
  publicUrl: string,
  language: Locale = "en",
) {
  const month = billMonth(b, language);
  const link = `${publicUrl}${localePath(language, `/mco/accounts/${encodeURIComponent(b.accountNumber)}/bills/${encodeURIComponent(b.billNumber)}`)}`;
  if (language === "fil")
    return {
      subject: corrected
        ? `Itinamang bill para sa ${month}, account ${b.accountNumber}`
        : `Ang inyong bill para sa ${month}, account ${b.accountNumber}`,
      body: [
        corrected
          ? `Itinama ng billing office ang inyong bill ${b.billNumber} para sa ${month}. Ito ang papalit sa e-mail na naipadala na.`
          : `Handa na ang inyong bill ${b.billNumber} para sa ${month}.`,
        "",
        `Halagang babayaran: ${formatPeso(b.totalDue / 100, "fil")}`,
        `Takdang petsa ng bayad: ${formatDate(`${b.dueDate}T12:00:00+08:00`, "fil")}`,
        "",
        `Tingnan ang bill at ang PDF nito (mag-sign in muna): ${link}`,
        "",
        "Natatanggap ninyo ito dahil pinili ninyo ang e-bill para sa account na ito sa portal ng miyembro. Maaari itong itigil doon.",
      ].join("\n"),
    };
  return {
    subject: corrected ? `Corrected bill for ${month}, account ${b.accountNumber}` : `Your bill for ${month}, account ${b.accountNumber}`,
    body: [
      corrected
        ? `Your bill ${b.billNumber} for ${month} was corrected by the billing office. This one replaces the e-mail sent before.`
        : `Your bill ${b.billNumber} for ${month} is ready.`,
      "",
      `Amount due: PHP ${pesos(b.totalDue)}`,
      `Due date: ${formatDate(`${b.dueDate}T12:00:00+08:00`)}`,
      "",
      `See the bill and its PDF (sign in first): ${link}`,
      "",
      "You get this because you chose paperless e-bills for this account in the member portal. Turn it off there.",
    ].join("\n"),
  };
}

/**
 * Sends what is queued, in batches of `batch`; returns how many went out. A row claimed since
 * `staleBefore` by another worker is left alone. Texts keep the alerts' SMS limits: none in the
 * quiet hours (they wait, queued, for 07:00 Manila), none while the SMS channel is paused or
 * not configured (`senders.sms` absent: they wait too), and the sender's own rate per minute.
 */
export async function sendEbills(
  db: DbOrTx,
  senders: Partial<Record<NoticeChannel, EbillSender>>,
  publicUrl: string,
  opts: { staleBefore?: Date; batch?: number; now?: Date; siteTime?: Date } = {},
): Promise<number> {
  const now = opts.now ?? new Date();
  // The quiet hours are judged by the site's clock (a test's fixed daytime); the rows' times by the real one.
  const siteTime = opts.siteTime ?? now;
  const channels = (["email", "sms"] as const).filter(
    (c) => senders[c] && (c !== "sms" || smsSendAt(siteTime, "published", siteTime).getTime() <= siteTime.getTime()),
  );
  if (!channels.length) return 0;
  const staleBefore = opts.staleBefore ?? new Date(now.getTime() - 10 * 60_000);
  // A message the server did not take waits a minute (and is not taken again in this call).
  const retryBefore = new Date(now.getTime() - 60_000);
  let sent = 0;
  for (;;) {
    const claimed = await queryRows<Record<string, unknown>>(
      db,
      sql`with c as (
          update portal_ebills set state = 'sending', attempts = attempts + 1, updated_at = ${now}
          where id in (select id from portal_ebills
            where (state = 'queued' or (state = 'retrying' and updated_at < ${retryBefore})
              or (state = 'sending' and updated_at < ${staleBefore}))
              and channel in (${sql.join(
                channels.map((c) => sql`${c}`),
                sql`, `,
              )})
            order by id limit ${opts.batch ?? 20} for update skip locked)
          returning id, user_id, bill_number, revision, channel, address, attempts)
        select c.id, c.channel, c.address, c.attempts, c.revision as wanted, b.revision, b.account_number, b.bill_number,
          b.total_due, b.due_date::text as due_date, b.billing_year, b.billing_month, u.language
        from c left join bills b on b.bill_number = c.bill_number left join portal_user u on u.id = c.user_id`,
    );
    if (!claimed.length) return sent;
    for (const r of claimed) {
      const id = Number(r.id);
      const settle = (state: string, error: string | null) =>
        db.execute(
          sql`update portal_ebills set state = ${state}, last_error = ${error}, updated_at = ${new Date()},
            sent_at = case when ${state} = 'sent' then ${new Date()}::timestamptz else sent_at end where id = ${id}`,
        );
      // A later correction arrived before this went out: that revision has its own e-mail.
      if (r.revision === null || Number(r.revision) !== Number(r.wanted)) {
        await settle("superseded", null);
        continue;
      }
      const bill = {
        accountNumber: String(r.account_number),
        billNumber: String(r.bill_number),
        totalDue: Number(r.total_due),
        dueDate: String(r.due_date),
        billingYear: Number(r.billing_year),
        billingMonth: Number(r.billing_month),
      };
      const corrected = Number(r.wanted) > 1;
      const language = r.language === "fil" ? "fil" : "en";
      const sms = r.channel === "sms";
      const m = sms
        ? { subject: "", body: billSms(bill, corrected, publicUrl, language) }
        : ebillMessage(bill, corrected, publicUrl, language);
      const sender = senders[sms ? "sms" : "email"]!;
      const outcome = await sender.send({ idempotencyKey: `ebill-${id}`, to: String(r.address), ...m });
      if (outcome.ok) {
        sent++;
        await settle("sent", null);
      } else if (!outcome.retryable || Number(r.attempts) >= MAX_ATTEMPTS) await settle("failed", outcome.error);
      else await settle("retrying", outcome.error);
    }
  }
}

/** The bill inquiry. The account-number hint of the specification (section 5) stays word for word in English. */
import { defineMessages } from "../../modules/shared/i18n";

export const billMessages = defineMessages({
  en: {
    "bill.title": "Bill Inquiry",
    "bill.description": "Look up your latest electric bill by account number: amount due, due date, status and last payment.",
    "bill.services": "Services",
    "bill.intro":
      "Type the account number printed on your bill to see your latest bill: the amount due, the due date and whether it is paid. For your privacy only your initials are shown.",
    "bill.accountHint": "Please enter your Account Number.",
    "bill.noJs": (p: { phone: string }) =>
      `The captcha needs JavaScript, which is turned off in your browser. Turn it on to look up your bill, or call us at ${p.phone}.`,
    "bill.submit": "View account details",
    "bill.submitting": "Looking up…",
    "bill.lookupDown": "We could not look up bills just now. Please try again in a minute.",
    "bill.none.title": (p: { account: string }) => `No bill yet for ${p.account}`,
    "bill.none.text": (p: { phone: string }) =>
      `We have no bill for this account number yet. A new connection's first bill comes after its first meter reading. Otherwise, check the number against a past bill, or call us at ${p.phone}.`,
    "bill.latest": (p: { account: string }) => `Latest bill of ${p.account}`,
    "bill.left": (p: { amount: string }) => `: ${p.amount} left to pay`,
    "bill.status.unpaid": "Unpaid",
    "bill.status.partly-paid": "Partly paid",
    "bill.status.paid": "Paid",
    "bill.status.overdue": "Overdue",
    "bill.period": "Billing period",
    "bill.range": (p: { from: string; to: string }) => `${p.from} to ${p.to}`,
    "bill.used": "Energy used",
    "bill.due": "Amount due",
    "bill.dueDate": "Due date",
    "bill.disconnection": "Disconnection date",
    "bill.disconnection.when": (p: { date: string }) => `${p.date}, if the arrears are not paid by then`,
    "bill.lastPayment": "Last payment",
    "bill.lastPayment.on": (p: { amount: string; date: string }) => `${p.amount} on ${p.date}`,
    "bill.lastPayment.none": "None on record",
    "bill.note": "Payments made today may take a day to show here.",
    "bill.pay": (p: { amount: string }) => `Pay ${p.amount} online`,
    "bill.payPosting": "Paid online, being posted: billing issues the official receipt.",
  },
  fil: {
    "bill.title": "Alamin ang Inyong Bill",
    "bill.description":
      "Tingnan ang pinakahuling bill ng kuryente gamit ang numero ng account: halagang babayaran, takdang petsa, katayuan at huling bayad.",
    "bill.services": "Serbisyo",
    "bill.intro":
      "I-type ang numero ng account na nakasulat sa inyong bill para makita ang pinakahuling bill: ang halagang babayaran, ang takdang petsa at kung bayad na ito. Para sa inyong privacy, inisyal lamang ng pangalan ang ipinapakita.",
    "bill.accountHint": "Pakilagay ang inyong Account Number.",
    "bill.noJs": (p: { phone: string }) =>
      `Kailangan ng JavaScript ang captcha, pero naka-off ito sa inyong browser. I-on ito para makita ang inyong bill, o tumawag sa amin sa ${p.phone}.`,
    "bill.submit": "Tingnan ang detalye ng account",
    "bill.submitting": "Hinahanap…",
    "bill.lookupDown": "Hindi namin mahanap ang mga bill ngayon. Pakisubukan muli pagkalipas ng isang minuto.",
    "bill.none.title": (p: { account: string }) => `Wala pang bill para sa ${p.account}`,
    "bill.none.text": (p: { phone: string }) =>
      `Wala pa kaming bill para sa numero ng account na ito. Ang unang bill ng bagong koneksyon ay dumarating pagkatapos ng unang basa ng metro. Kung hindi bago, ihambing ang numero sa dating bill, o tumawag sa amin sa ${p.phone}.`,
    "bill.latest": (p: { account: string }) => `Pinakahuling bill ng ${p.account}`,
    "bill.left": (p: { amount: string }) => `: ${p.amount} pa ang babayaran`,
    "bill.status.unpaid": "Hindi pa bayad",
    "bill.status.partly-paid": "Bahagyang bayad",
    "bill.status.paid": "Bayad na",
    "bill.status.overdue": "Lampas na sa takdang petsa",
    "bill.period": "Panahon ng singil",
    "bill.range": (p: { from: string; to: string }) => `${p.from} hanggang ${p.to}`,
    "bill.used": "Nagamit na kuryente",
    "bill.due": "Halagang babayaran",
    "bill.dueDate": "Takdang petsa ng bayad",
    "bill.disconnection": "Petsa ng pagputol ng kuryente",
    "bill.disconnection.when": (p: { date: string }) => `${p.date}, kung hindi pa bayad ang utang pagsapit nito`,
    "bill.lastPayment": "Huling bayad",
    "bill.lastPayment.on": (p: { amount: string; date: string }) => `${p.amount} noong ${p.date}`,
    "bill.lastPayment.none": "Walang nakatala",
    "bill.note": "Ang bayad ngayong araw ay maaaring abutin ng isang araw bago lumabas dito.",
    "bill.pay": (p: { amount: string }) => `Bayaran ang ${p.amount} online`,
    "bill.payPosting": "Nabayaran online, ipo-post pa: maglalabas ang billing ng opisyal na resibo.",
  },
});

export const BILL_STATUS_KEYS = {
  unpaid: "bill.status.unpaid",
  "partly-paid": "bill.status.partly-paid",
  paid: "bill.status.paid",
  overdue: "bill.status.overdue",
} as const;

/**
 * The printable service forms (spec section 2, "Printable forms"): free-text fields to
 * write on by hand, signature lines, and the figures of spec section 9 taken from
 * modules/shared/constants.ts, never written here as literals. Static content (spec: no submission).
 */
import { CONTRACT_TERMS, COOPERATIVE, FEES, SHARES } from "../../modules/shared/constants";

/** A labelled blank line; `lines` > 1 gives extra blank lines below; `span` is its share of the row (of 6). */
export interface BlankField {
  label: string;
  lines?: number;
  span?: 1 | 2 | 3 | 4 | 6;
}

export type FormBlock =
  | { kind: "fields"; title?: string; fields: BlankField[] }
  | { kind: "text"; title?: string; paragraphs: string[] }
  | { kind: "list"; title?: string; ordered?: boolean; items: string[] }
  | { kind: "checklist"; title?: string; items: string[] }
  | { kind: "table"; title?: string; columns: string[]; rows: number }
  | { kind: "values"; title?: string; rows: [string, string][] }
  | { kind: "signatures"; title?: string; signers: { role: string; caption?: string }[] };

export interface PrintableForm {
  slug: string;
  title: string;
  /** One line for the list page. */
  summary: string;
  /** The title and the line in Filipino, for the list page under /fil/ (the sheet itself is the office's form, in English). */
  titleFil: string;
  summaryFil: string;
  /** Form number printed in the corner, for the office's filing. */
  code: string;
  blocks: FormBlock[];
}

const peso = (n: number) => `Php ${n.toLocaleString("en-PH")}`;
const T = CONTRACT_TERMS;

const personalFields: BlankField[] = [
  { label: "Last name", span: 2 },
  { label: "First name and suffix", span: 2 },
  { label: "Middle name", span: 2 },
  { label: "Address", span: 6 },
  { label: "Date of birth", span: 2 },
  { label: "Age", span: 1 },
  { label: "Gender (Male / Female)", span: 3 },
  { label: "Civil status (Single / Married / Divorced / Widowed)", span: 6 },
  { label: "Contact numbers (separate with commas)", span: 6 },
  { label: "Nearest account number", span: 3 },
  { label: "Number of dependents", span: 3 },
  { label: "Educational attainment (Primary / Secondary / Tertiary / Vocational)", span: 6 },
  { label: "Occupation / source of income", span: 6 },
  { label: "Religion / social affiliation", span: 3 },
  { label: "Annual income", span: 3 },
  { label: "Tax identification number (TIN)", span: 3 },
];

export const PRINTABLE_FORMS: PrintableForm[] = [
  {
    slug: "wiring-job-order",
    title: "Wiring Job Order and Estimate",
    code: "TSD-01",
    summary: "For the house wiring of a new connection: the job, the materials and the estimate, signed by the electrician.",
    titleFil: "Wiring Job Order at Estimate",
    summaryFil: "Para sa wiring ng bahay sa bagong koneksyon: ang gagawin, ang mga materyales at ang estimate, na pirmado ng elektrisyan.",
    blocks: [
      {
        kind: "fields",
        title: "Job order",
        fields: [
          { label: "Job order no.", span: 3 },
          { label: "Date", span: 3 },
          { label: "Account / application no.", span: 6 },
          { label: "Name of owner", span: 4 },
          { label: "Contact number", span: 2 },
          { label: "Address of installation", span: 6 },
          { label: "Type of building (residential / commercial / industrial)", span: 6 },
          { label: "Work to be done", span: 6, lines: 2 },
        ],
      },
      {
        kind: "table",
        title: "Materials and estimate",
        columns: ["Qty", "Unit", "Description of materials", "Unit cost (Php)", "Amount (Php)"],
        rows: 10,
      },
      {
        kind: "fields",
        fields: [
          { label: "Total materials (Php)", span: 2 },
          { label: "Labor (Php)", span: 2 },
          { label: "Total estimate (Php)", span: 2 },
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Licensed electrician", caption: "Signature over printed name, license no." },
          { role: "Owner / applicant", caption: "Signature over printed name" },
          { role: "General Manager", caption: "Approved by" },
        ],
      },
    ],
  },
  {
    slug: "membership-application",
    title: "Membership Application",
    code: "ISD-01",
    summary: `To become a member-consumer-owner: your details, your share subscription and the membership fee of ${peso(FEES.membershipPhp)}.`,
    titleFil: "Aplikasyon para Maging Miyembro",
    summaryFil: `Para maging member-consumer-owner: ang inyong mga detalye, ang inyong share subscription at ang membership fee na ${peso(FEES.membershipPhp)}.`,
    blocks: [
      { kind: "fields", title: "Applicant", fields: [...personalFields.slice(0, 8), { label: "Name of spouse (if married)", span: 6 }] },
      {
        kind: "text",
        title: "Share subscription",
        paragraphs: [
          `I subscribe to ______ shares of the capital of the cooperative (at least ${SHARES.minimumShares} shares) at ${peso(SHARES.shareValuePhp)} per share. I pay ${SHARES.paidOnApplication} shares on application and the balance over ${SHARES.balanceYears} years at ${peso(SHARES.monthlyInstallmentPhp)} per month, added to my monthly bill. No member may hold more than ${SHARES.maximumPercentOfSubscribedCapital}% of the subscribed capital.`,
          `I pay the membership fee of ${peso(FEES.membershipPhp)} and ${peso(FEES.idPhp)} for my membership ID. I agree to attend the pre-membership seminar and to abide by the articles of cooperation, the by-laws and the policies of the cooperative.`,
        ],
      },
      {
        kind: "fields",
        title: "For office use",
        fields: [
          { label: "Membership no.", span: 2 },
          { label: "OR no.", span: 2 },
          { label: "Date paid", span: 2 },
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Applicant", caption: "Signature over printed name and date" },
          { role: "Barangay Captain", caption: "Certified resident of the barangay" },
          { role: "General Manager", caption: "Approved by" },
        ],
      },
    ],
  },
  {
    slug: "metered-service-contract",
    title: "Contract for Metered Service",
    code: "ISD-02",
    summary: "The agreement for electric service through a meter: your connection's details and the terms of the service.",
    titleFil: "Kontrata para sa Serbisyong may Metro",
    summaryFil:
      "Ang kasunduan para sa serbisyo ng kuryente sa pamamagitan ng metro: ang mga detalye ng inyong koneksyon at ang mga tuntunin ng serbisyo.",
    blocks: [
      {
        kind: "fields",
        fields: [
          { label: "Name of consumer", span: 4 },
          { label: "Date", span: 2 },
          { label: "Address", span: 6 },
          { label: "Service connection no.", span: 3 },
          { label: "Electrical permit no.", span: 3 },
          { label: "Bill deposit (Php)", span: 2 },
          { label: "OR no.", span: 2 },
          { label: "Type of meter", span: 2 },
          { label: "Rate schedule", span: 2 },
          { label: "Watts", span: 2 },
          { label: "HP", span: 2 },
          { label: "Connected loads", span: 6 },
        ],
      },
      {
        kind: "list",
        title: "Terms of service",
        ordered: true,
        items: [
          `The consumer pays each bill within ${T.billPaymentDays} days of its date.`,
          `An unpaid bill may lead to disconnection after ${T.disconnectionNoticeHours} hours' written notice. At disconnection the consumer is given ${T.disconnectionGraceHours} hours' grace to pay, once per bill.`,
          `The cooperative tests the meter free of charge once every ${T.freeMeterTestEveryYears} years at the consumer's request. Where the meter registers more than ${T.meterErrorRefundThresholdPercent}% in error against the consumer, the overcharge is refunded for at most the last ${T.meterErrorRefundMaxMonths} months.`,
          `A complaint is acted on and reported to the consumer within ${T.complaintReportDays} days, unless a plan of action with another date is agreed.`,
          `The bill deposit is refunded after ${T.depositRefundAfterYears} consecutive years of paying on time.`,
          `Trees and plants on the consumer's property near the lines are kept below ${T.treeHeightLimitFeet} feet.`,
          `When the meter must be replaced, the consumer supplies the materials asked for within ${T.meterMaterialsSupplyDays} days. The cooperative provides up to ${T.freeDuplexWireMeters} m of service drop (duplex wire) free of charge.`,
          "The consumer does not tamper with the meter, its seals or the service drop, and does not connect loads ahead of the meter.",
          `This contract is good for ${T.contractYears} year and renews itself from year to year unless ended by either party in writing.`,
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Consumer", caption: "Signature over printed name" },
          { role: "General Manager", caption: `For ${COOPERATIVE.shortName}` },
          { role: "Witness", caption: "Signature over printed name" },
        ],
      },
      {
        kind: "text",
        title: "Acknowledgment",
        paragraphs: [
          "Subscribed and sworn to before me this ____ day of ______________, 20___ at ______________, Pangasinan, the parties showing their valid IDs. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
        ],
      },
      { kind: "signatures", signers: [{ role: "Notary Public", caption: `Notarial fee ${peso(FEES.notarialPhp)}` }] },
    ],
  },
  {
    slug: "transfer-of-name",
    title: "Application for Transfer of Name",
    code: "ISD-03",
    summary: `To put an account in the name of a new owner or heir; the fees total ${peso(FEES.nameTransferTotalPhp)}.`,
    titleFil: "Aplikasyon para sa Paglilipat ng Pangalan",
    summaryFil: `Para mailipat ang account sa pangalan ng bagong may-ari o tagapagmana; ${peso(FEES.nameTransferTotalPhp)} ang kabuuang bayad.`,
    blocks: [
      {
        kind: "fields",
        fields: [
          { label: "Date", span: 2 },
          { label: "Account number", span: 2 },
          { label: "Membership no.", span: 2 },
          { label: "Name on the account now", span: 6 },
          { label: "Name of the new account holder", span: 6 },
          { label: "Address of the service", span: 6 },
          { label: "Relationship of the new holder to the present one", span: 6 },
          { label: "Reason for the transfer (sale, death, donation, other)", span: 6, lines: 2 },
        ],
      },
      {
        kind: "text",
        paragraphs: [
          `The new account holder assumes every unpaid bill of the account and becomes a member on paying the membership fee of ${peso(FEES.membershipPhp)}, the ID fee of ${peso(FEES.idPhp)} and the notarial fee of ${peso(FEES.notarialPhp)}: ${peso(FEES.nameTransferTotalPhp)} in all.`,
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Present account holder", caption: "Signature over printed name" },
          { role: "New account holder", caption: "Signature over printed name" },
          { role: "Barangay Captain", caption: "Certified correct" },
          { role: "General Manager", caption: "Approved by" },
        ],
      },
    ],
  },
  {
    slug: "transfer-of-share-capital",
    title: "Deed of Transfer of Share Capital",
    code: "ISD-04",
    summary: "To transfer paid-up shares from one member to another, before a notary public.",
    titleFil: "Kasulatan ng Paglilipat ng Share Capital",
    summaryFil: "Para mailipat ang bayad nang share mula sa isang miyembro papunta sa iba, sa harap ng notaryo publiko.",
    blocks: [
      {
        kind: "fields",
        title: "Transferor",
        fields: [
          { label: "Name", span: 4 },
          { label: "Membership no.", span: 2 },
          { label: "Address", span: 6 },
        ],
      },
      {
        kind: "fields",
        title: "Transferee",
        fields: [
          { label: "Name", span: 4 },
          { label: "Membership no.", span: 2 },
          { label: "Address", span: 6 },
        ],
      },
      {
        kind: "fields",
        title: "Shares transferred",
        fields: [
          { label: "Number of shares", span: 2 },
          { label: "Amount paid up (Php)", span: 2 },
          { label: "Date", span: 2 },
        ],
      },
      {
        kind: "text",
        paragraphs: [
          `For value received, the transferor transfers to the transferee the shares above, at ${peso(SHARES.shareValuePhp)} per share. The transferee is a member in good standing and, with these shares, holds no more than ${SHARES.maximumPercentOfSubscribedCapital}% of the subscribed capital of the cooperative. The transfer takes effect once recorded in the books of the cooperative.`,
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Transferor", caption: "Signature over printed name" },
          { role: "Transferee", caption: "Signature over printed name" },
          { role: "General Manager", caption: "Recorded by" },
        ],
      },
      {
        kind: "text",
        title: "Acknowledgment",
        paragraphs: [
          "Subscribed and sworn to before me this ____ day of ______________, 20___. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
        ],
      },
      { kind: "signatures", signers: [{ role: "Notary Public", caption: `Notarial fee ${peso(FEES.notarialPhp)}` }] },
    ],
  },
  {
    slug: "member-profile",
    title: "Member Profile",
    code: "ISD-05",
    summary: "Your personal details for the cooperative's records, as on the new connection form.",
    titleFil: "Profile ng Miyembro",
    summaryFil: "Ang inyong personal na detalye para sa rekord ng kooperatiba, gaya ng nasa form para sa bagong koneksyon.",
    blocks: [
      { kind: "fields", title: "Personal details", fields: personalFields },
      {
        kind: "fields",
        title: "For office use",
        fields: [
          { label: "Account number", span: 2 },
          { label: "Membership no.", span: 2 },
          { label: "Date received", span: 2 },
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Member", caption: "Signature over printed name and date" },
          { role: "Received by", caption: "Signature over printed name" },
        ],
      },
    ],
  },
  {
    slug: "complaint-form",
    title: "Complaint Form",
    code: "TSD-02",
    summary: "For a power problem in your area: where it is, and what the crew found and did.",
    titleFil: "Form para sa Reklamo",
    summaryFil: "Para sa problema sa kuryente sa inyong lugar: kung saan ito, at ang nakita at ginawa ng crew.",
    blocks: [
      {
        kind: "fields",
        title: "Complainant",
        fields: [
          { label: "Name", span: 6 },
          { label: "Address", span: 6 },
          { label: "Date and time reported", span: 3 },
          { label: "Pole ID", span: 3 },
          { label: "Nearest landmark", span: 6 },
          { label: "Complaint", span: 6, lines: 2 },
        ],
      },
      {
        kind: "fields",
        title: "Crew report",
        fields: [
          { label: "Cause of tripping", span: 6, lines: 1 },
          { label: "Feeder", span: 2 },
          { label: "Phase", span: 2 },
          { label: "Transformer", span: 2 },
          { label: "Action taken", span: 6, lines: 2 },
          { label: "Arrival date and time", span: 3 },
          { label: "Departure date and time", span: 3 },
        ],
      },
      {
        kind: "signatures",
        signers: [
          { role: "Complainant", caption: "Signature over printed name" },
          { role: "Lineman / electrician in charge", caption: "Signature over printed name" },
          { role: "Barangay Captain", caption: "Witness (if present)" },
        ],
      },
    ],
  },
  {
    slug: "meter-complaint-letter",
    title: "Meter Complaint Letter",
    code: "TSD-03",
    summary: `To ask for your meter to be checked or tested (free once every ${T.freeMeterTestEveryYears} years), with the technician's findings.`,
    titleFil: "Liham ng Reklamo sa Metro",
    summaryFil: `Para ipasuri o ipa-test ang inyong metro (libre minsan bawat ${T.freeMeterTestEveryYears} taon), kasama ang nakita ng technician.`,
    blocks: [
      {
        kind: "fields",
        fields: [
          { label: "Date", span: 2 },
          { label: "Account number", span: 2 },
          { label: "Meter no.", span: 2 },
          { label: "Name", span: 6 },
          { label: "Address", span: 6 },
        ],
      },
      {
        kind: "text",
        paragraphs: [
          `To the General Manager, ${COOPERATIVE.name}:`,
          `I request that the meter of my account above be inspected and tested, because: ______________________________________________________________________________. I understand that the test is free once every ${T.freeMeterTestEveryYears} years, that an error of more than ${T.meterErrorRefundThresholdPercent}% against me is refunded for at most ${T.meterErrorRefundMaxMonths} months, and that I supply the materials needed for a replacement within ${T.meterMaterialsSupplyDays} days.`,
        ],
      },
      { kind: "signatures", signers: [{ role: "Consumer", caption: "Signature over printed name" }] },
      { kind: "fields", title: "Findings", fields: [{ label: "Findings of the meter technician", span: 6, lines: 3 }] },
      { kind: "table", title: "Materials needed", columns: ["Qty", "Unit", "Description"], rows: 5 },
      {
        kind: "signatures",
        signers: [
          { role: "Meter technician / electrician", caption: "Signature over printed name and date" },
          { role: "General Manager", caption: "Noted by" },
        ],
      },
    ],
  },
  {
    slug: "name-transfer-requirements",
    title: "Requirements for Transfer of Name",
    code: "ISD-06",
    summary: "What to bring and pay to transfer an account to a new name.",
    titleFil: "Mga Kailangan sa Paglilipat ng Pangalan",
    summaryFil: "Ang mga dadalhin at babayaran para mailipat ang account sa bagong pangalan.",
    blocks: [
      {
        kind: "checklist",
        title: "Bring",
        items: [
          "Application for Transfer of Name, filled in and signed",
          "Letter of request from the present account holder (or from the heirs, if the holder has died)",
          "Proof of ownership: deed of sale, title, tax declaration or deed of donation",
          "Death certificate of the account holder and an affidavit of the heirs, if the holder has died",
          "Barangay certificate of residence of the new account holder",
          "Valid ID of the present and new account holders",
          "Latest bill, paid in full",
          "Two 1x1 ID pictures of the new account holder",
        ],
      },
      {
        kind: "values",
        title: "Fees",
        rows: [
          ["Membership fee", peso(FEES.membershipPhp)],
          ["Membership ID", peso(FEES.idPhp)],
          ["Notarial fee", peso(FEES.notarialPhp)],
          ["Total", peso(FEES.nameTransferTotalPhp)],
        ],
      },
      {
        kind: "text",
        paragraphs: [
          `If not yet a member, the new holder also subscribes to at least ${SHARES.minimumShares} shares at ${peso(SHARES.shareValuePhp)} each, ${SHARES.paidOnApplication} of them paid on application. Amounts are subject to ${FEES.vatPercent}% VAT where the law requires it.`,
          "The new account holder attends the pre-membership seminar and signs a new Contract for Metered Service.",
        ],
      },
    ],
  },
];

export function findPrintableForm(slug: string): PrintableForm | undefined {
  return PRINTABLE_FORMS.find((f) => f.slug === slug);
}

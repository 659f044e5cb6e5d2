/**
 * The business constants of spec section 9 and the facts every part of the site shares.
 * Pages, printable forms and the API read them from here, never from literals of their own.
 * The lists that are also database enums (towns, kinds, statuses) are written once, in
 * db/schema/enum-values.ts, and re-exported here.
 */
import { type AGAM_AREAS, ANNOUNCEMENT_KINDS, INTERRUPTION_STATUSES, NEWS_KINDS, RATE_TYPES, TOWNS } from "../../db/schema/enum-values";

export { ANNOUNCEMENT_KINDS, INTERRUPTION_STATUSES, NEWS_KINDS, RATE_TYPES, TOWNS };

export const TIME_ZONE = "Asia/Manila";

export type Town = (typeof TOWNS)[number];

/** Whether a text (a query parameter, a form value) is one of the nine towns. */
export function isTown(text: string): text is Town {
  return (TOWNS as readonly string[]).includes(text);
}

/** The survey's city choices, spelled as the spec spells them. */
export const SURVEY_CITIES = ["AGNO", "ANDA", "ALAMINOS CITY", "MABINI", "BANI", "BOLINAO", "BURGOS", "DASOL", "INFANTA"] as const;

export type NewsKind = (typeof NEWS_KINDS)[number];
export const NEWS_KIND_TITLES: Record<NewsKind, string> = {
  "electricity-rates": "Electricity Rates",
  "events-and-activities": "Events and Activities",
  "invitation-to-bid": "Invitation to Bid",
  "supply-and-load-demand": "Supply and Load Demand",
};

export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

export type RateType = (typeof RATE_TYPES)[number];
export const RATE_TYPE_LABELS: Record<RateType, string> = { R: "Residential", LV: "Commercial", HV: "High Voltage" };
/** The generation charge row whose source queue is this is the total row (power_source.queue in the API). */
export const GENERATION_TOTAL_QUEUE = 100;
export const FIRST_RATE_YEAR = 2007;

export type InterruptionStatus = (typeof INTERRUPTION_STATUSES)[number];

/** Account numbers read two digits, four digits, four digits: 01-0123-4567. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{2}-\d{4}-\d{4}$/;
export const ACCOUNT_NUMBER_EXAMPLE = "01-0123-4567";

export const UI = {
  headerStickyThresholdPx: 50,
  mobileMenuMaxWidthPx: 991,
  tickerScrollAmount: 13,
  bannerSmartSpeedMs: 2000,
  bannerAutoplayMs: 5000,
  partnerAutoplayMs: 3000,
  partnerSpeedMs: 900,
  partnerItemsMin: 1,
  partnerItemsMax: 5,
  counterDurationMs: 10_000,
  preloaderDelayMs: 400,
  preloaderFadeMs: 400,
  titleTruncateAt: 20,
  spinnerTimeoutMs: 9000,
  interruptionSpinnerMs: 2000,
  statusPollMs: 2000,
  qrErrorCorrection: "H",
  qrSizePx: 250,
} as const;

export const HOME_COUNTERS = [
  { label: "Consumers", value: 95_325 },
  { label: "Projects Completed", value: 8_530 },
  { label: "Awards and Citations", value: 49 },
] as const;

export const FEES = {
  membershipPhp: 100,
  idPhp: 100,
  notarialPhp: 50,
  nameTransferTotalPhp: 250,
  vatPercent: 12,
} as const;

export const SHARES = {
  minimumShares: 10,
  paidOnApplication: 2,
  balanceYears: 2,
  monthlyInstallmentPhp: 80,
  shareValuePhp: 240,
  maximumPercentOfSubscribedCapital: 10,
} as const;

export const CONTRACT_TERMS = {
  billPaymentDays: 9,
  disconnectionNoticeHours: 48,
  disconnectionGraceHours: 24,
  freeMeterTestEveryYears: 2,
  meterErrorRefundThresholdPercent: 2,
  meterErrorRefundMaxMonths: 6,
  complaintReportDays: 15,
  depositRefundAfterYears: 3,
  contractYears: 1,
  treeHeightLimitFeet: 17,
  meterMaterialsSupplyDays: 5,
  freeDuplexWireMeters: 30,
} as const;

export const AGAM = {
  totalMemberConsumers: 78_193,
  quorumTarget: 3_910,
} as const;

/** The cooperative itself: name, main office and how to reach it. */
export const COOPERATIVE = {
  name: "Western Pangasinan Electric Cooperative, Inc.",
  shortName: "WESPECO",
  since: 1975,
  address: "National Road, Poblacion, Bani, Pangasinan 2407, Philippines",
  phone: "(075) 553-0123",
  phoneHref: "tel:+63755530123",
  email: "contact@wespeco.example.ph",
  facebookUrl: "https://www.facebook.com/wespeco",
  /** Main office, for the footer map link (opened only when the visitor follows it). */
  mainOffice: { latitude: 16.1866, longitude: 119.8619 },
} as const;

/** Version of the survey's privacy notice; stored with each consent. */
export const PRIVACY_NOTICE_VERSION = "2026-01";

/** AGAM districts with their static member-consumer counts (spec: static table, sum 78,193). */
export const AGAM_DISTRICTS = [
  { district: 1, town: "Bolinao", area: "north", memberConsumers: 14_210 },
  { district: 2, town: "Anda", area: "north", memberConsumers: 7_985 },
  { district: 3, town: "Bani", area: "north", memberConsumers: 9_412 },
  { district: 4, town: "Alaminos", area: "north", memberConsumers: 17_846 },
  { district: 5, town: "Agno", area: "south", memberConsumers: 5_873 },
  { district: 6, town: "Burgos", area: "south", memberConsumers: 4_611 },
  { district: 7, town: "Mabini", area: "south", memberConsumers: 5_392 },
  { district: 8, town: "Dasol", area: "south", memberConsumers: 6_247 },
  { district: 9, town: "Infanta", area: "south", memberConsumers: 6_617 },
] as const satisfies readonly { district: number; town: Town; area: (typeof AGAM_AREAS)[number]; memberConsumers: number }[];

/** Where the ALTCHA widget fetches a challenge (the bill inquiry's route, shared by the outage report). */
export const CAPTCHA_CHALLENGE_PATH = "/service/bill-inquiry/challenge";

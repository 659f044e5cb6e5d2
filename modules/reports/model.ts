/**
 * Outage and hazard reports: the kinds, the incident states and the rules shared by the
 * report form, the dispatcher screens, Open311 and the CAP feed. No database here (the kinds
 * and states are the database enums' values, written once in db/schema/enum-values.ts).
 */
import { INCIDENT_STATUSES, REPORT_KINDS, type REPORT_PHOTO_STATES } from "../../db/schema/enum-values";

export { INCIDENT_STATUSES, REPORT_KINDS };
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  "no-power": "No power",
  "partial-power": "Partial power or low voltage",
  "line-down": "Line down or sparking",
  pole: "Leaning or broken pole",
  tree: "Tree touching a line",
  meter: "Meter problem",
  other: "Other",
};

/** Kinds that are a danger to people: shown first to dispatchers, with the safety warning to reporters. */
export const HAZARD_KINDS: ReadonlySet<ReportKind> = new Set(["line-down", "pole", "tree"]);
/** Kinds that mean consumers are without power (the CAP feed's unplanned outages). */
export const OUTAGE_KINDS: ReadonlySet<ReportKind> = new Set(["no-power", "partial-power", "line-down"]);

export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
/** A report photo: received (as sent), queued, ready (re-encoded, shown to staff) or failed. */
export type ReportPhotoState = (typeof REPORT_PHOTO_STATES)[number];
/** The way forward, in order; duplicate and not-ours close an incident from any open state. */
export const INCIDENT_PROGRESS: readonly IncidentStatus[] = ["received", "verified", "crew-assigned", "crew-on-site", "restored"];
export const CLOSED_STATUSES: ReadonlySet<IncidentStatus> = new Set(["restored", "duplicate", "not-ours"]);

export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  received: "Received",
  verified: "Verified",
  "crew-assigned": "Crew assigned",
  "crew-on-site": "Crew on site",
  restored: "Restored",
  duplicate: "Closed: already reported",
  "not-ours": "Closed: not a cooperative line",
};

/** What the reporter reads about each state. */
export const INCIDENT_STATUS_EXPLAINED: Record<IncidentStatus, string> = {
  received: "We have your report. A dispatcher will check it soon.",
  verified: "A dispatcher confirmed the problem.",
  "crew-assigned": "A line crew has been assigned.",
  "crew-on-site": "The line crew is working on site.",
  restored: "The problem is fixed. If you still have no power, report it again.",
  duplicate: "This problem was already reported; it is handled under another report.",
  "not-ours": "This is not a line of the cooperative (for example a telephone or cable TV line). Please tell the owner of the line.",
};

/** Reports of the same kind in the same barangay within this window join one incident. */
export const GROUPING_WINDOW_MS = 2 * 3600_000;

/** A move a dispatcher may make: forward along the progress, or close; never back from closed. */
export function canMoveTo(from: IncidentStatus, to: IncidentStatus): boolean {
  if (from === to || CLOSED_STATUSES.has(from)) return false;
  if (to === "duplicate" || to === "not-ours") return true;
  return INCIDENT_PROGRESS.indexOf(to) > INCIDENT_PROGRESS.indexOf(from);
}

/** Letters and digits that cannot be mistaken for one another when read over the phone. */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export function makeReference(random: Uint8Array): string {
  let out = "";
  for (let i = 0; i < 7; i++) out += REFERENCE_ALPHABET[random[i]! % REFERENCE_ALPHABET.length];
  return `R-${out}`;
}
export const REFERENCE_PATTERN = /^R-[2-9A-HJKMNP-Z]{7}$/;

/** Whether an incident's place (barangay, town, landmark) holds the words staff typed (lower case). */
export function placeMatches(incident: { barangay: string; town: string; landmark: string | null }, words: string): boolean {
  return `${incident.barangay} ${incident.town} ${incident.landmark ?? ""}`.toLowerCase().includes(words);
}

/** A reference as staff type it from a caller ("r-k7m2p9q", "R K7M2P9Q"), or null when it is not one. */
export function typedReference(typed: string): string | null {
  const reference = typed
    .trim()
    .toUpperCase()
    .replace(/\s+/g, "")
    .replace(/^R(?=[^-])/, "R-");
  return REFERENCE_PATTERN.test(reference) ? reference : null;
}

export const LANDMARK_MAX = 200;
export const DETAILS_MAX = 1000;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;

/* ---------- The restoration hub's figures ---------- */

export interface HubBarangayInput {
  barangayId: number;
  name: string;
  town: string;
}
export interface HubPowerInput {
  barangayId: number;
  consumers: number;
  consumersOff: number;
  etr: Date | null;
  crews: number;
  updatedAt: Date;
}
/** Why a barangay counts as off, for each page to word in its language. */
export type HubCause =
  | { kind: "dispatch" }
  | { kind: "scheduled" | "interruption"; until: Date }
  | { kind: "incident"; incidentId: number };

/** Power off in a barangay that no one typed on the hub: an interruption on now, or an open report of no power. */
export interface HubOutageInput {
  barangayId: number;
  source: "interruption" | "incident";
  /** In English (the API's): "Scheduled interruption until 5:00 PM", "Reported by members (incident 12)". */
  label: string;
  cause: HubCause;
  /** The interruption's end or the incident's estimated restoration. */
  until: Date | null;
}

export interface HubTown {
  town: string;
  barangaysTotal: number;
  barangaysEnergized: number;
  consumersTotal: number;
  consumersRestored: number;
  /** Share of the town's counted consumers with power, 0 to 1; null when no consumer counts were given. */
  restoredShare: number | null;
  /** The latest estimated restoration among the town's barangays still off; null when none given. */
  etr: Date | null;
  crews: number;
  updatedAt: Date | null;
  /** Barangays with consumers still off. */
  areasOff: {
    barangayId: number;
    name: string;
    consumers: number;
    consumersOff: number;
    etr: Date | null;
    crews: number;
    updatedAt: Date | null;
    /** Why the barangay counts as off: the hub's figures, an interruption, an incident (in English, the API's). */
    reasons: string[];
    /** The same, for a page to word in its own language. */
    causes: HubCause[];
  }[];
}
export interface HubStatus {
  towns: HubTown[];
  totals: Omit<HubTown, "town" | "areasOff">;
}

/**
 * Per town: barangays energized out of all barangays, consumers restored out of the consumers
 * counted, the latest ETR of the areas still off, crews deployed and the newest update.
 * One picture of the outage: a barangay is off when the hub's figures say so, when an
 * interruption is on there now (scheduled or not; all its consumers are off), or when an
 * open incident reports no power there. The consumers of a barangay are known in advance
 * (the member roll, `rollConsumers`); a count typed on the hub replaces it.
 */
export function computeHub(
  barangayList: readonly HubBarangayInput[],
  power: readonly HubPowerInput[],
  townOrder: readonly string[],
  extra: { outages?: readonly HubOutageInput[]; rollConsumers?: ReadonlyMap<number, number> } = {},
): HubStatus {
  const byBarangay = new Map(power.map((p) => [p.barangayId, p]));
  const outagesOf = new Map<number, HubOutageInput[]>();
  for (const o of extra.outages ?? []) outagesOf.set(o.barangayId, [...(outagesOf.get(o.barangayId) ?? []), o]);
  const towns = new Map<string, HubTown>(
    townOrder.map((town) => [
      town,
      {
        town,
        barangaysTotal: 0,
        barangaysEnergized: 0,
        consumersTotal: 0,
        consumersRestored: 0,
        restoredShare: null,
        etr: null,
        crews: 0,
        updatedAt: null,
        areasOff: [],
      },
    ]),
  );
  for (const b of barangayList) {
    const t = towns.get(b.town);
    if (!t) continue;
    t.barangaysTotal++;
    const p = byBarangay.get(b.barangayId);
    const outages = outagesOf.get(b.barangayId) ?? [];
    const interrupted = outages.some((o) => o.source === "interruption");
    const known = p && p.consumers > 0 ? p.consumers : (extra.rollConsumers?.get(b.barangayId) ?? p?.consumers ?? 0);
    // More off than counted means the count is stale: the barangay has at least that many.
    let off = p ? Math.max(p.consumersOff, 0) : 0;
    const consumers = Math.max(known, off);
    // An interruption on now cuts the whole barangay, unless the hub says how many are off.
    if (interrupted && off === 0) off = consumers;
    const isOff = off > 0 || outages.length > 0;
    if (!isOff) t.barangaysEnergized++;
    t.consumersTotal += consumers;
    t.consumersRestored += consumers - off;
    if (p) {
      t.crews += p.crews;
      if (!t.updatedAt || p.updatedAt > t.updatedAt) t.updatedAt = p.updatedAt;
    }
    if (isOff) {
      const until = outages.map((o) => o.until).reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);
      const etr = (p && p.consumersOff > 0 ? p.etr : null) ?? until;
      if (etr && (!t.etr || etr > t.etr)) t.etr = etr;
      t.areasOff.push({
        barangayId: b.barangayId,
        name: b.name,
        consumers,
        consumersOff: off,
        etr,
        crews: p?.crews ?? 0,
        updatedAt: p?.updatedAt ?? null,
        reasons: [...(p && p.consumersOff > 0 ? ["Reported by our dispatchers"] : []), ...outages.map((o) => o.label)],
        causes: [...(p && p.consumersOff > 0 ? [{ kind: "dispatch" } as const] : []), ...outages.map((o) => o.cause)],
      });
    }
  }
  const list = [...towns.values()];
  for (const t of list) t.restoredShare = t.consumersTotal > 0 ? t.consumersRestored / t.consumersTotal : null;
  const sum = (f: (t: HubTown) => number) => list.reduce((n, t) => n + f(t), 0);
  const consumersTotal = sum((t) => t.consumersTotal);
  const consumersRestored = sum((t) => t.consumersRestored);
  const latest = (f: (t: HubTown) => Date | null) => list.map(f).reduce<Date | null>((a, d) => (d && (!a || d > a) ? d : a), null);
  return {
    towns: list,
    totals: {
      barangaysTotal: sum((t) => t.barangaysTotal),
      barangaysEnergized: sum((t) => t.barangaysEnergized),
      consumersTotal,
      consumersRestored,
      restoredShare: consumersTotal > 0 ? consumersRestored / consumersTotal : null,
      etr: latest((t) => t.etr),
      crews: sum((t) => t.crews),
      updatedAt: latest((t) => t.updatedAt),
    },
  };
}

/** "87%" with the share rounded down, so 99.6% never shows as "100%" while anyone is off. */
export function formatShare(share: number | null): string {
  return share === null ? "—" : `${Math.floor(share * 100)}%`;
}

/** How much of a town has power, for the outage map's colours: every barangay, then by quarters. */
export const ENERGIZED_BANDS = ["all", "most", "half", "some", "few"] as const;
export type EnergizedBand = (typeof ENERGIZED_BANDS)[number];

/**
 * The band of a town with `energized` of its `total` barangays with power: "all" only when
 * every one has it (a town with one barangay off is never coloured as fine), then 75% and up,
 * 50%, 25%, and under 25%. A town with no barangay listed counts as all.
 */
export function energizedBand(energized: number, total: number): EnergizedBand {
  if (total <= 0 || energized >= total) return "all";
  const share = energized / total;
  return share >= 0.75 ? "most" : share >= 0.5 ? "half" : share >= 0.25 ? "some" : "few";
}

/** The id of a town's list of barangays on the outages hub: the map's towns and the portal link to it. */
export const townAnchor = (town: string) => `barangays-${town.toLowerCase()}`;

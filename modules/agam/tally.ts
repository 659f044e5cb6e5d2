/**
 * The AGAM tally, computed from plain rows: per topic, approve and disapprove counts and
 * shares, overall and by district, the reasons given for disapproving, and the quorum
 * progress. Pure (no database): modules/agam/admin.server.ts feeds it, the unit tests feed
 * it hand-made rows.
 */
import { AGAM_DISTRICTS } from "../shared/constants";
import { csvRow } from "../shared/csv";

export interface TallyTopic {
  id: number;
  sequenceNumber: number;
  topic: string;
}

/** One member's decision on one topic. `reason` is empty for approvals and for erased registrations. */
export interface TallyVote {
  topicId: number;
  district: number;
  value: 0 | 1;
  reason: string;
}

export interface Count {
  approve: number;
  disapprove: number;
  total: number;
  /** Shares of `total`, 0 to 1 (0 when nobody voted). */
  approveShare: number;
  disapproveShare: number;
}

export interface TopicTally {
  topic: TallyTopic;
  overall: Count;
  /** Every district 1 to 9, in order, even those without votes. */
  byDistrict: { district: number; town: string; count: Count }[];
  /** Reasons for disapproval, as given, with the district they came from. */
  reasons: { district: number; reason: string }[];
}

export interface Tally {
  topics: TopicTally[];
  quorum: { registered: number; target: number; share: number; reached: boolean };
}

export function countOf(approve: number, disapprove: number): Count {
  const total = approve + disapprove;
  return {
    approve,
    disapprove,
    total,
    approveShare: total ? approve / total : 0,
    disapproveShare: total ? disapprove / total : 0,
  };
}

export function computeTally(topics: TallyTopic[], votes: TallyVote[], registered: number, quorumTarget: number): Tally {
  const ordered = [...topics].sort((a, b) => a.sequenceNumber - b.sequenceNumber);
  const result = ordered.map((topic): TopicTally => {
    const mine = votes.filter((v) => v.topicId === topic.id);
    const byDistrict = AGAM_DISTRICTS.map((d) => {
      const here = mine.filter((v) => v.district === d.district);
      const approve = here.filter((v) => v.value === 1).length;
      return { district: d.district, town: d.town, count: countOf(approve, here.length - approve) };
    });
    const approve = mine.filter((v) => v.value === 1).length;
    const reasons = mine
      .filter((v) => v.value === 0 && v.reason.trim() !== "")
      .map((v) => ({ district: v.district, reason: v.reason.trim() }))
      .sort((a, b) => a.district - b.district || a.reason.localeCompare(b.reason));
    return { topic, overall: countOf(approve, mine.length - approve), byDistrict, reasons };
  });
  return {
    topics: result,
    quorum: {
      registered,
      target: quorumTarget,
      share: quorumTarget ? Math.min(1, registered / quorumTarget) : 0,
      reached: registered >= quorumTarget,
    },
  };
}

/** A share as a percentage with one decimal, like "66.7%". */
export const percent = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;

/** One CSV line, through the one CSV writer (its formula guard). */
export const csvLine = csvRow;

/** The tally as CSV: one line per topic and scope (overall, then each district). */
export function tallyCsv(tally: Tally): string {
  let out = csvLine(["topic_sequence", "topic", "scope", "approve", "disapprove", "total", "approve_share", "disapprove_share"]);
  for (const t of tally.topics) {
    const line = (scope: string, c: Count) =>
      csvLine([
        t.topic.sequenceNumber,
        t.topic.topic,
        scope,
        c.approve,
        c.disapprove,
        c.total,
        c.approveShare.toFixed(4),
        c.disapproveShare.toFixed(4),
      ]);
    out += line("overall", t.overall);
    for (const d of t.byDistrict) out += line(`district ${d.district} (${d.town})`, d.count);
  }
  out += csvLine(["", "quorum", "registered", tally.quorum.registered, "", tally.quorum.target, tally.quorum.share.toFixed(4), ""]);
  return out;
}

export const districtTown = (district: number) => AGAM_DISTRICTS.find((d) => d.district === district)?.town ?? "";

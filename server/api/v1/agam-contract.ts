/**
 * The AGAM part of the API contract: its field names (`CNAME`, `qmember_north`,
 * `answer_topic_reason`, …) and the mapping from and to the domain (modules/agam/rules.ts, modules/agam/pool.server.ts).
 * Nothing outside server/api/v1/ spells these names, except through this module.
 * No zod or Fastify here: the AGAM status page reads the live stream with it in the browser.
 */
import type { AgamConfirmation, AgamCounts, AgamMember, AgamTopic, Decision } from "../../../modules/agam/pool.server";
import { maskMemberName } from "../../../modules/members/mask";

export interface TopicBody {
  AT_ID: number;
  AT_SEQUENCE_NUMBER: number;
  AT_TOPIC: string;
  AT_TOPIC_DESC: string;
}

export interface CountsBody {
  qmember: number;
  qmember_north: number;
  qmember_south: number;
}

export interface DecisionBody {
  topic_sequence_id: number;
  answer_topic_id: number;
  answer_value: 0 | 1;
  answer_topic_reason: string;
}

export const topicBody = (t: AgamTopic): TopicBody => ({
  AT_ID: t.id,
  AT_SEQUENCE_NUMBER: t.sequenceNumber,
  AT_TOPIC: t.topic,
  AT_TOPIC_DESC: t.description,
});

export const countsBody = (c: AgamCounts): CountsBody => ({ qmember: c.total, qmember_north: c.north, qmember_south: c.south });

/** The counts in a stream frame or poll answer, or undefined when it is not that shape. */
export function countsFromBody(x: unknown): AgamCounts | undefined {
  const c = x as Partial<CountsBody> | null;
  if (!c || !Number.isInteger(c.qmember) || !Number.isInteger(c.qmember_north) || !Number.isInteger(c.qmember_south)) return undefined;
  return { total: c.qmember!, north: c.qmember_north!, south: c.qmember_south! };
}

/**
 * The look-up answer: `result` empty for an unknown account. Strangers see only the masked
 * name, since an account number is no proof of who asks: the membership number and address stay empty.
 */
export const lookupBody = (member: AgamMember | undefined) =>
  member
    ? { result: [{ CNAME: maskMemberName(member.name), MEMNO: "", CADDRESS: "" }], registered: member.registered }
    : { result: [], registered: 0 };

export const confirmationBody = (c: AgamConfirmation) => ({
  reference: c.reference,
  account: c.account,
  membership: c.membership,
  registered_at: c.registeredAt,
});

export const decisionFromBody = (d: DecisionBody): Decision => ({
  topicSequence: d.topic_sequence_id,
  topicId: d.answer_topic_id,
  value: d.answer_value,
  reason: d.answer_topic_reason,
});

const DECISION_FIELD: Record<keyof Decision, keyof DecisionBody> = {
  topicSequence: "topic_sequence_id",
  topicId: "answer_topic_id",
  value: "answer_value",
  reason: "answer_topic_reason",
};

/** Field messages keyed by the contract's names (`decisions.0.topicId` → `decisions.0.answer_topic_id`). */
export function contractFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, message]) => [
      key.replace(/^(decisions\.\d+\.)(\w+)$/, (_, at: string, name: string) => at + (DECISION_FIELD[name as keyof Decision] ?? name)),
      message,
    ]),
  );
}

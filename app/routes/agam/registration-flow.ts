/**
 * The AGAM registration flow's state, shared by the route's action (server) and its
 * component (browser). Without JavaScript every step is a server round trip; the
 * answers so far travel in hidden form fields (a<seq> = 1 or 0, r<seq> = reason),
 * so no server session is needed.
 */
import { REASON_MAX } from "../../../modules/agam/rules";

export interface FlowTopic {
  id: number;
  sequenceNumber: number;
  topic: string;
  description: string;
}

export interface Answer {
  value: 0 | 1;
  reason: string;
}
/** Answers by topic sequence number. */
export type Answers = Record<number, Answer>;

export interface StatusMessage {
  kind: "success" | "error";
  /** "Success!" or "Oops!" is put before it. */
  text: string;
  /** A link after the text ("Click here"). */
  link?: { href: string; label: string };
}

interface Base {
  /** Changes with every server answer: a new look-up starts the flow afresh. */
  key: string;
  origin: string;
  account: string;
  message?: StatusMessage;
}

export type FlowState =
  | (Base & { view: "default"; accountError?: string })
  | (Base & { view: "not-exist" })
  | (Base & { view: "registered" })
  | (Base & {
      /** Found: the member proves it is them (a code by SMS or the registration PIN) before anything else. */
      view: "verify";
      /** The name masked: enough to recognise one's own account, no more. */
      maskedName: string;
      /** The number on file, masked, when a code can be sent to it. */
      sms: string | null;
      pin: boolean;
      codeSent: boolean;
      errors: { code?: string; pin?: string };
    })
  | (Base & {
      view: "exist";
      member: { name: string };
      /** The proof token of the second factor, carried through the steps in a hidden field. */
      proof: string;
      answers: Answers;
      /** Index of the topic shown; topics.length means every topic is answered (review and Proceed). */
      step: number;
      phone: string;
      email: string;
      errors: { decision?: string; reason?: string; phone?: string; email?: string };
      /** The current topic's choice as sent, when it was sent back with an error. */
      draft?: { decision: "" | "1" | "0"; reason: string };
    });

/** The flow's messages, said in the page's language: keys of app/messages/agam-registration.ts (notExist: app/messages/agam.ts). */
export const MESSAGES = {
  notExist: "agam.msg.notExist",
  registered: "agam.msg.registered",
  found: "agam.msg.found",
  verify: "agam.msg.verify",
  proofMissing: "agam.msg.proofMissing",
  chooseDecision: "agam.msg.chooseDecision",
  reasonRequired: "agam.msg.reasonRequired",
  failed: "agam.msg.failed",
} as const;
export type MessageKey = (typeof MESSAGES)[keyof typeof MESSAGES];

/** Masked, read-only placeholders for an account already registered: no real digits shown. */
export const MASKED_PHONE = "09•••••••••";
export const MASKED_EMAIL = "•••••@•••••.•••";

/** Reads the answers carried in hidden fields, keeping only known topics and well-formed values. */
export function readAnswers(form: FormData, topics: FlowTopic[]): Answers {
  const answers: Answers = {};
  for (const t of topics) {
    const v = form.get(`a${t.sequenceNumber}`);
    if (v !== "1" && v !== "0") continue;
    const reason = String(form.get(`r${t.sequenceNumber}`) ?? "")
      .trim()
      .slice(0, REASON_MAX);
    answers[t.sequenceNumber] = { value: v === "1" ? 1 : 0, reason: v === "0" ? reason : "" };
  }
  return answers;
}

/** The first step not answered yet (topics.length when all are). */
export function firstUnanswered(topics: FlowTopic[], answers: Answers): number {
  const i = topics.findIndex((t) => !answers[t.sequenceNumber]);
  return i === -1 ? topics.length : i;
}

/** Checks the current step's choice; returns the answer or the field errors. */
export function checkDecision(
  decision: unknown,
  reason: unknown,
  say: (key: Exclude<MessageKey, typeof MESSAGES.notExist>) => string,
): { answer: Answer } | { errors: { decision?: string; reason?: string } } {
  if (decision !== "1" && decision !== "0") return { errors: { decision: say(MESSAGES.chooseDecision) } };
  const why = String(reason ?? "")
    .trim()
    .slice(0, REASON_MAX);
  if (decision === "0" && !why) return { errors: { reason: say(MESSAGES.reasonRequired) } };
  return { answer: { value: decision === "1" ? 1 : 0, reason: decision === "0" ? why : "" } };
}

export function newKey(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

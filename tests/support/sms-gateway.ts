/**
 * A loopback stand-in for an SMS gateway, answering with Semaphore's response shapes and
 * holding to its limits the way it answers them: at most `bulkLimit` comma-separated numbers a
 * call (400 beyond), at most `callsPerWindow` calls per `windowMs` (429 with Retry-After, the
 * seconds until a call is allowed again). Tests read what was "sent" from `messages` (one per
 * number) and `calls`, and make it fail with `failNext` or take only part of a call with
 * `acceptOnlyNext`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SentSms {
  number: string;
  message: string;
  sendername: string | null;
  apikey: string;
  /** The gateway's id for it, as answered. */
  id: number;
  createdAt: Date;
}

export interface SmsGatewayStandIn {
  url: string;
  apiKey: string;
  messages: SentSms[];
  /** Every accepted call's numbers, in order. */
  calls: string[][];
  /** Calls answered 429. */
  rateLimited: number;
  /** Numbers taken by calls whose caller was gone before the answer (a killed worker). */
  answersLost: number;
  /** Reads of the message log. */
  logReads: number;
  /** The next n requests answer with this status (429 rate limit, 500, 400 invalid number). */
  failNext(status: 400 | 429 | 500, n?: number): void;
  /** The next call takes only its first n numbers: the answer lists only those (the others were not accepted). */
  acceptOnlyNext(n: number): void;
  close(): Promise<void>;
}

export interface SmsGatewayOptions {
  apiKey?: string;
  /** Semaphore: 1,000 numbers a call. */
  bulkLimit?: number;
  /** Semaphore: 120 calls a minute. */
  callsPerWindow?: number;
  windowMs?: number;
  /** How long it takes to answer a call it has already taken (a real gateway's latency). */
  answerDelayMs?: number;
}

const VALID = /^(63|0)9\d{9}$/;

export async function startSmsGateway(options: string | SmsGatewayOptions = {}): Promise<SmsGatewayStandIn> {
  const opts = typeof options === "string" ? { apiKey: options } : options;
  const apiKey = opts.apiKey ?? "test-key";
  const bulkLimit = opts.bulkLimit ?? 1000;
  const callsPerWindow = opts.callsPerWindow ?? 120;
  const windowMs = opts.windowMs ?? 60_000;
  const messages: SentSms[] = [];
  const calls: string[][] = [];
  const recent: number[] = []; // times of the calls inside the current window
  let failures: number[] = [];
  let partial: number | null = null;
  let nextId = 1000;
  const state = { rateLimited: 0, answersLost: 0, logReads: 0 };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method === "GET") {
        // Semaphore's message list: newest first, `limit` a page (at most 1000), `startDate` a day.
        const q = new URL(req.url ?? "/", "http://x").searchParams;
        if (q.get("apikey") !== apiKey) return json(401, { apikey: ["The selected apikey is invalid."] });
        state.logReads++;
        const limit = Math.min(1000, Number(q.get("limit") ?? 100));
        const page = Math.max(1, Number(q.get("page") ?? 1));
        const from = q.get("startDate") ? new Date(`${q.get("startDate")}T00:00:00Z`) : new Date(0);
        const list = messages.filter((m) => m.createdAt >= from).reverse();
        return json(
          200,
          list.slice((page - 1) * limit, page * limit).map((m) => ({
            message_id: m.id,
            recipient: m.number,
            message: m.message,
            status: "Sent",
            created_at: m.createdAt.toISOString(),
          })),
        );
      }
      if (req.method !== "POST") return json(405, { message: "Method not allowed" });
      const now = Date.now();
      while (recent.length && recent[0]! <= now - windowMs) recent.shift();
      if (recent.length >= callsPerWindow) {
        state.rateLimited++;
        const wait = Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000));
        return json(429, { message: "Too many requests" }, { "retry-after": String(wait) });
      }
      recent.push(now);
      const failure = failures.shift();
      if (failure === 429) {
        state.rateLimited++;
        return json(429, { message: "Too many requests" }, { "retry-after": "1" });
      }
      if (failure === 500) return json(500, { message: "Server error" });
      if (form.get("apikey") !== apiKey) return json(401, { apikey: ["The selected apikey is invalid."] });
      const numbers = (form.get("number") ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (numbers.length > bulkLimit) return json(400, { number: [`The number may not have more than ${bulkLimit} items.`] });
      if (failure === 400 || numbers.length === 0 || numbers.every((n) => !VALID.test(n)))
        return json(400, { number: ["The number format is invalid."] });
      const taken = partial === null ? numbers : numbers.slice(0, partial);
      partial = null;
      calls.push(taken);
      const message = form.get("message") ?? "";
      const sendername = form.get("sendername");
      const answer = taken.map((number) => {
        const id = nextId++;
        // In a list, a malformed number is answered Failed on its own line; the others go out.
        const ok = VALID.test(number);
        if (ok) messages.push({ number, message, sendername, apikey: apiKey, id, createdAt: new Date() });
        return { message_id: id, recipient: number, message, sender_name: sendername ?? "SEMAPHORE", status: ok ? "Pending" : "Failed" };
      });
      // Taken now; the answer may still be lost with the caller (a worker killed meanwhile).
      if (opts.answerDelayMs)
        setTimeout(() => {
          if (res.destroyed || req.socket.destroyed) state.answersLost += answer.filter((a) => a.status !== "Failed").length;
          else json(200, answer);
        }, opts.answerDelayMs);
      else json(200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api/v4/messages`,
    apiKey,
    messages,
    calls,
    failNext(status: 400 | 429 | 500, n = 1) {
      failures = [...failures, ...Array(n).fill(status)];
    },
    acceptOnlyNext(n: number) {
      partial = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

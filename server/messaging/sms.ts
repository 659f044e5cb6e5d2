/**
 * Sending a text message through an HTTP SMS gateway. The interface is one function; the
 * first adapter speaks Semaphore's message API (POST apikey, number, message, sendername as a
 * form; `number` may be up to 1,000 comma-separated numbers; 200 with a JSON array of messages,
 * one per recipient; 4xx with a JSON object of field errors; 429 when over its rate). Another gateway is another adapter with the same interface.
 */
export type SmsResult =
  | { ok: true; gatewayId: string }
  /** retryable: a later attempt may succeed (rate limit, 5xx, network); otherwise the message is refused for good. */
  | { ok: false; retryable: boolean; error: string; retryAfterSeconds?: number };

/**
 * One text to many numbers in one call. `accepted` and `refused` name numbers from the
 * gateway's own answer; a number in neither was not taken and may be sent again.
 */
export type BulkSmsResult =
  | { ok: true; accepted: Map<string, string>; refused: Map<string, string> }
  | { ok: false; retryable: boolean; error: string; retryAfterSeconds?: number };

export interface SmsGateway {
  readonly name: string;
  /** The most numbers one call may carry. */
  readonly bulkLimit: number;
  send(to: string, text: string): Promise<SmsResult>;
  sendBulk(to: string[], text: string): Promise<BulkSmsResult>;
  /**
   * What the gateway says it took since `since` (its message log), newest first: how a worker
   * that died during a call learns which numbers it need not text again. Null when unreachable.
   */
  sentSince(since: Date): Promise<{ number: string; text: string; id: string }[] | null>;
}

/** Semaphore's message API takes up to 1,000 comma-separated numbers a call. */
export const SEMAPHORE_BULK_LIMIT = 1000;

export interface SemaphoreOptions {
  /** The messages endpoint, e.g. https://api.semaphore.co/api/v4/messages */
  url: string;
  apiKey: string;
  senderName?: string;
  timeoutMs?: number;
  /** Numbers a call may carry; Semaphore's limit unless the account's is lower. */
  bulkLimit?: number;
}

export function semaphoreGateway(opts: SemaphoreOptions): SmsGateway {
  const bulkLimit = Math.min(opts.bulkLimit ?? SEMAPHORE_BULK_LIMIT, SEMAPHORE_BULK_LIMIT);
  const post = async (numbers: string, text: string): Promise<{ response: Response; payload: unknown } | { error: string }> => {
    const body = new URLSearchParams({ apikey: opts.apiKey, number: numbers, message: text });
    if (opts.senderName) body.set("sendername", opts.senderName);
    try {
      const response = await fetch(opts.url, { method: "POST", body, signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
      return { response, payload: await response.json().catch(() => null) };
    } catch (e) {
      return { error: `gateway unreachable: ${(e as Error).message}` };
    }
  };
  return {
    name: "semaphore",
    bulkLimit,
    async sendBulk(to, text) {
      if (to.length === 0) return { ok: true, accepted: new Map(), refused: new Map() };
      if (to.length > bulkLimit) throw new RangeError(`at most ${bulkLimit} numbers a call`);
      const answer = await post(to.join(","), text);
      if ("error" in answer) return { ok: false, retryable: true, error: answer.error };
      const { response, payload } = answer;
      if (response.ok && Array.isArray(payload)) {
        // One entry per recipient, in Semaphore's own number format (63…): matched back by digits.
        const wanted = new Map(to.map((n) => [canonical(n), n]));
        const accepted = new Map<string, string>();
        const refused = new Map<string, string>();
        for (const entry of payload as { message_id?: unknown; recipient?: unknown; status?: unknown }[]) {
          const number = wanted.get(canonical(String(entry.recipient ?? "")));
          if (!number) continue;
          if (String(entry.status ?? "").toLowerCase() === "failed") refused.set(number, "gateway reported the message as failed");
          else accepted.set(number, String(entry.message_id ?? ""));
        }
        return { ok: true, accepted, refused };
      }
      return failure(response, payload);
    },
    async sentSince(since) {
      const found: { number: string; text: string; id: string }[] = [];
      // Semaphore filters by day (UTC here, wider than needed) and pages 1,000 at a time.
      const day = new Date(since.getTime() - 24 * 3600_000).toISOString().slice(0, 10);
      for (let page = 1; page <= 200; page++) {
        const url = new URL(opts.url);
        url.search = new URLSearchParams({ apikey: opts.apiKey, limit: "1000", page: String(page), startDate: day }).toString();
        let list: unknown;
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000) });
          if (!response.ok) return null;
          list = await response.json();
        } catch {
          return null;
        }
        if (!Array.isArray(list)) return null;
        let older = false;
        for (const m of list as { message_id?: unknown; recipient?: unknown; message?: unknown; created_at?: unknown }[]) {
          if (new Date(String(m.created_at)).getTime() < since.getTime()) older = true;
          else found.push({ number: canonical(String(m.recipient ?? "")), text: String(m.message ?? ""), id: String(m.message_id ?? "") });
        }
        if (list.length < 1000 || older) break;
      }
      return found;
    },
    async send(to, text) {
      const answer = await post(to, text);
      if ("error" in answer) return { ok: false, retryable: true, error: answer.error };
      const { response, payload } = answer;
      if (response.ok && Array.isArray(payload) && payload.length > 0) {
        const first = payload[0] as { message_id?: unknown; status?: unknown };
        if (String(first.status ?? "").toLowerCase() === "failed")
          return { ok: false, retryable: false, error: "gateway reported the message as failed" };
        return { ok: true, gatewayId: String(first.message_id ?? "") };
      }
      return failure(response, payload);
    },
  };
}

/** 639171234567, 09171234567 and +63 917 123 4567 are one number. */
export function canonical(n: string): string {
  const digits = n.replace(/\D/g, "");
  return digits.startsWith("0") ? `63${digits.slice(1)}` : digits;
}

function failure(response: Response, payload: unknown): { ok: false; retryable: boolean; error: string; retryAfterSeconds?: number } {
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get("retry-after"));
    return {
      ok: false,
      retryable: true,
      error: "gateway rate limit",
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60,
    };
  }
  return { ok: false, retryable: response.status >= 500, error: `gateway answered ${response.status}: ${describeErrors(payload)}` };
}

/** Semaphore's errors are `{field: [messages]}` or a plain string. */
function describeErrors(payload: unknown): string {
  if (typeof payload === "string") return payload;
  if (payload && typeof payload === "object") {
    return Object.entries(payload)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(" ") : String(v)}`)
      .join("; ");
  }
  return "no details";
}

/**
 * Sending a text message through an HTTP SMS gateway. The interface is one function; the
 * first adapter speaks Semaphore's message API (POST apikey, number, message, sendername as a
 * form; 200 with a JSON array of messages; 4xx with a JSON object of field errors; 429 when
 * over its rate). Another gateway is another adapter with the same interface.
 */
export type SmsResult =
  | { ok: true; gatewayId: string }
  /** retryable: a later attempt may succeed (rate limit, 5xx, network); otherwise the message is refused for good. */
  | { ok: false; retryable: boolean; error: string; retryAfterSeconds?: number };

export interface SmsGateway {
  readonly name: string;
  send(to: string, text: string): Promise<SmsResult>;
}

export interface SemaphoreOptions {
  /** The messages endpoint, e.g. https://api.semaphore.co/api/v4/messages */
  url: string;
  apiKey: string;
  senderName?: string;
  timeoutMs?: number;
}

export function semaphoreGateway(opts: SemaphoreOptions): SmsGateway {
  return {
    name: "semaphore",
    async send(to, text) {
      const body = new URLSearchParams({ apikey: opts.apiKey, number: to, message: text });
      if (opts.senderName) body.set("sendername", opts.senderName);
      let response: Response;
      try {
        response = await fetch(opts.url, { method: "POST", body, signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
      } catch (e) {
        return { ok: false, retryable: true, error: `gateway unreachable: ${(e as Error).message}` };
      }
      const payload: unknown = await response.json().catch(() => null);
      if (response.ok && Array.isArray(payload) && payload.length > 0) {
        const first = payload[0] as { message_id?: unknown; status?: unknown };
        if (String(first.status ?? "").toLowerCase() === "failed")
          return { ok: false, retryable: false, error: "gateway reported the message as failed" };
        return { ok: true, gatewayId: String(first.message_id ?? "") };
      }
      const retryAfter = Number(response.headers.get("retry-after"));
      if (response.status === 429) {
        return {
          ok: false,
          retryable: true,
          error: "gateway rate limit",
          retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60,
        };
      }
      return { ok: false, retryable: response.status >= 500, error: `gateway answered ${response.status}: ${describeErrors(payload)}` };
    },
  };
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

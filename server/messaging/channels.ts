/**
 * The three alert channels behind one small interface: send a message to an address, and say
 * whether a failure is worth retrying or the address is gone for good. Each is on only when
 * configured (web push always is: its keys are made on first start).
 */
import fs from "node:fs";
import nodemailer from "nodemailer";
import webpush from "web-push";
import type { AlertChannel } from "../../modules/alerts/messages";
import { isAllowedPushEndpoint, parsePushOrigins } from "../../modules/alerts/push-endpoints";
import type { Config } from "../config";
import { canonical, type SmsGateway } from "./sms";
import { smsGatewayOf } from "./sms-config";

export type SendOutcome =
  | { ok: true; id?: string }
  /** gone: the address no longer exists (push 404/410); never send to it again. */
  | { ok: false; retryable: boolean; error: string; gone?: boolean; retryAfterSeconds?: number };

export interface OutgoingMessage {
  /** Stable per delivery: the same id on a retry, so a receiver can tell a repeat. */
  idempotencyKey: string;
  to: string;
  keys?: { p256dh: string; auth: string } | null;
  subject: string;
  body: string;
  /** One-click stop (e-mail List-Unsubscribe). */
  stopUrl?: string;
}

export interface ChannelSender {
  readonly channel: AlertChannel;
  /**
   * At most this many messages handed over at once (e-mail: the pool's connections). The worker
   * hands over the next only after writing down the previous one's outcome, so a worker killed
   * at any moment has at most this many accepted but unrecorded messages.
   */
  readonly concurrency?: number;
  send(message: OutgoingMessage): Promise<SendOutcome>;
  /**
   * One text to many addresses in the gateway's bulk form (SMS): an outcome per address, each
   * read from the gateway's answer. An address the gateway did not take is retryable.
   */
  sendMany?(to: string[], body: string): Promise<Map<string, SendOutcome>>;
  /**
   * Of `to`, the addresses the gateway's log shows `body` went to since `since`, with its id
   * (null when the log cannot be read): a retry after a worker died during a call skips them.
   */
  alreadySent?(to: string[], body: string, since: Date): Promise<Map<string, string> | null>;
  close(): Promise<void>;
}

export interface Channels {
  senders: Partial<Record<AlertChannel, ChannelSender>>;
  /** The public half of the VAPID key pair, for the browser's subscribe call. */
  vapidPublicKey: string;
  configured: Set<AlertChannel>;
  /** Sends one text outside the alert queue (the SMS confirmation code). */
  sms?: SmsGateway;
  /** Sends one e-mail outside the alert queue (the confirmation link). */
  mail?: ChannelSender;
  close(): Promise<void>;
}

export function emailSender(
  config: Pick<Config, "SMTP_URL" | "MAIL_FROM" | "SMTP_RATE_PER_SECOND" | "SMTP_MAX_CONNECTIONS">,
): ChannelSender {
  const url = new URL(config.SMTP_URL!);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === "smtps:" ? 465 : 587),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Loopback test servers have no certificate; a real provider is reached by name with TLS.
    ignoreTLS: url.searchParams.get("tls") === "off",
    pool: true,
    maxConnections: config.SMTP_MAX_CONNECTIONS,
    maxMessages: 1000,
    // The provider's limit: at most this many messages per second from this process.
    rateDelta: 1000,
    rateLimit: config.SMTP_RATE_PER_SECOND,
  });
  const domain = config.MAIL_FROM.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return {
    channel: "email",
    concurrency: config.SMTP_MAX_CONNECTIONS,
    async send(m) {
      try {
        const info = await transport.sendMail({
          from: config.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.body,
          messageId: `<${m.idempotencyKey}@${domain}>`,
          headers: m.stopUrl ? { "List-Unsubscribe": `<${m.stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {},
        });
        return { ok: true, id: info.messageId };
      } catch (e) {
        const err = e as Error & { responseCode?: number };
        // 5xx: the server refused this message for good; 4xx and network errors may pass later.
        const permanent = typeof err.responseCode === "number" && err.responseCode >= 500;
        return { ok: false, retryable: !permanent, error: `smtp: ${err.message}`.slice(0, 500) };
      }
    },
    close: async () => transport.close(),
  };
}

export function smsSender(gateway: SmsGateway, perMinute: number): ChannelSender {
  const limit = rateLimiter(perMinute, 60_000);
  // After a 429 every call of this process waits the gateway's Retry-After, not only the refused one.
  let blockedUntil = 0;
  const turn = async () => {
    for (let wait = blockedUntil - Date.now(); wait > 0; wait = blockedUntil - Date.now()) await sleep(wait);
    await limit();
  };
  /** One bulk call, waiting out the gateway's rate limit a few times before giving the numbers back for a later attempt. */
  const call = async (numbers: string[], body: string) => {
    for (let tries = 1; ; tries++) {
      await turn();
      const r = await gateway.sendBulk(numbers, body);
      if (r.ok || !r.retryAfterSeconds || tries >= 5) return r;
      blockedUntil = Math.max(blockedUntil, Date.now() + r.retryAfterSeconds * 1000);
    }
  };
  return {
    channel: "sms",
    async send(m) {
      await turn();
      const r = await gateway.send(m.to, m.body);
      return r.ok
        ? { ok: true, id: r.gatewayId }
        : { ok: false, retryable: r.retryable, error: `sms: ${r.error}`, retryAfterSeconds: r.retryAfterSeconds };
    },
    async alreadySent(to, body, since) {
      const log = await gateway.sentSince(since);
      if (!log) return null;
      const wanted = new Map(to.map((n) => [canonical(n), n]));
      const found = new Map<string, string>();
      for (const m of log) {
        const n = wanted.get(m.number);
        if (n && m.text === body) found.set(n, m.id);
      }
      return found;
    },
    async sendMany(to, body) {
      const numbers = [...new Set(to)];
      const outcomes = new Map<string, SendOutcome>();
      const chunks: string[][] = [];
      for (let i = 0; i < numbers.length; i += gateway.bulkLimit) chunks.push(numbers.slice(i, i + gateway.bulkLimit));
      // The limiter spaces the calls; they need not wait for each other's answers.
      await Promise.all(
        chunks.map(async (chunk) => {
          const r = await call(chunk, body);
          for (const n of chunk) {
            if (!r.ok)
              outcomes.set(n, { ok: false, retryable: r.retryable, error: `sms: ${r.error}`, retryAfterSeconds: r.retryAfterSeconds });
            else if (r.accepted.has(n)) outcomes.set(n, { ok: true, id: r.accepted.get(n) });
            else if (r.refused.has(n)) outcomes.set(n, { ok: false, retryable: false, error: `sms: ${r.refused.get(n)}` });
            else outcomes.set(n, { ok: false, retryable: true, error: "sms: not accepted by the gateway in a bulk call" });
          }
        }),
      );
      return outcomes;
    },
    close: async () => {},
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function pushSender(
  vapid: { publicKey: string; privateKey: string; subject: string },
  opts: { extraOrigins?: readonly string[] } = {},
): ChannelSender {
  return {
    channel: "push",
    async send(m) {
      if (!m.keys) return { ok: false, retryable: false, error: "push: subscription has no keys", gone: true };
      // Checked again here: a subscription stored before the rule, or written some other way, reaches nothing private.
      if (!isAllowedPushEndpoint(m.to, opts.extraOrigins))
        return { ok: false, retryable: false, gone: true, error: "push: the endpoint is not a known push service" };
      // web-push encrypts and signs (RFC 8291, VAPID); the request goes out through fetch, which
      // also speaks plain http to a loopback push service in tests.
      const request = webpush.generateRequestDetails({ endpoint: m.to, keys: m.keys }, m.body, {
        vapidDetails: vapid,
        TTL: 24 * 3600,
        urgency: "high",
        // The push service keeps only the newest message of a topic for an offline device.
        topic: m.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, "").slice(0, 32),
      });
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ? new Uint8Array(request.body) : null,
          // A push service answers; it does not send us elsewhere. A redirect is a failure, not followed.
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
        });
      } catch (e) {
        return { ok: false, retryable: true, error: `push: service unreachable: ${(e as Error).message}` };
      }
      await response.arrayBuffer().catch(() => null);
      if (response.status >= 300 && response.status < 400)
        return { ok: false, retryable: false, gone: true, error: `push: the push service answered a redirect (${response.status})` };
      if (response.ok) return { ok: true, id: response.headers.get("location") ?? undefined };
      if (response.status === 404 || response.status === 410)
        return { ok: false, retryable: false, gone: true, error: `push: subscription gone (${response.status})` };
      const retryable = response.status === 429 || response.status >= 500;
      return { ok: false, retryable, error: `push: the push service answered ${response.status}` };
    },
    close: async () => {},
  };
}

/** VAPID keys from the settings, or made once and kept in DATA_DIR (0600). */
export function vapidKeys(config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "dataDir" | "vapidFile">): {
  publicKey: string;
  privateKey: string;
} {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const file = config.vapidFile;
  try {
    const kept = JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    if (kept.publicKey && kept.privateKey) return kept;
  } catch {
    // none yet
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(config.dataDir, { recursive: true });
  // Written beside, then renamed: two processes starting together end with one pair.
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
  } catch {
    // another process made it first: use theirs
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
}

export function createChannels(config: Config): Channels {
  const senders: Partial<Record<AlertChannel, ChannelSender>> = {};
  let sms: SmsGateway | undefined;
  if (config.SMTP_URL) senders.email = emailSender(config);
  // The one configured gateway of this process (shared with incident reports). Not the development
  // log of text-sender.ts: an alert written to a log is not an alert sent.
  const gateway = smsGatewayOf(config);
  if (gateway) {
    sms = gateway;
    senders.sms = smsSender(gateway, config.SMS_RATE_PER_MINUTE);
  }
  const vapid = vapidKeys(config);
  senders.push = pushSender({ ...vapid, subject: config.VAPID_SUBJECT }, { extraOrigins: parsePushOrigins(config.PUSH_SERVICE_ORIGINS) });
  return {
    senders,
    vapidPublicKey: vapid.publicKey,
    configured: new Set(Object.keys(senders) as AlertChannel[]),
    sms,
    mail: senders.email,
    async close() {
      await Promise.all(Object.values(senders).map((s) => s.close()));
    },
  };
}

/** At most `count` calls per `windowMs`, spread evenly; callers wait their turn. */
export function rateLimiter(count: number, windowMs: number): () => Promise<void> {
  const spacing = windowMs / count;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + spacing;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

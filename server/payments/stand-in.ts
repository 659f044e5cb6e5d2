/**
 * A stand-in payment gateway on loopback that speaks PayMongo's hosted-checkout API, for the
 * demo (`npm start` on the embedded default), the tests and the benchmark:
 * - `POST /v1/checkout_sessions` (basic auth with the secret key) makes a session and answers
 *   its `checkout_url`; `GET /v1/checkout_sessions/:id` reads it back;
 * - `GET /checkout/:id` is the gateway's page, marked TEST PAYMENT, where the tester chooses
 *   paid, failed or expired (a form: no JavaScript);
 * - the outcome goes to the site as a signed webhook (`Paymongo-Signature`, test mode) with the
 *   gateway's habits: retried until the site answers 2xx, and, when asked, the same event sent
 *   again later and out of order.
 * It never sees card or wallet data either: there is none to give.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { signatureHeader } from "../../modules/payments/webhook-signature.server";
import { escapeHtml } from "../../modules/shared/escape";

export interface StandInOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events go (the site's /api/v1/payments/webhook); may be set after start. */
  webhookUrl?: string;
  port?: number;
  /** Extra copies of each event sent later (the gateway's repeats); 0 by default. */
  repeats?: () => number;
  /** The delay before a repeat, in ms. */
  repeatDelayMs?: () => number;
  /** Waits between retries of a delivery the site did not take (ms). */
  retryDelaysMs?: number[];
}

interface Session {
  id: string;
  reference: string;
  amount: number;
  lines: { name: string; amount: number }[];
  description: string;
  successUrl: string;
  cancelUrl: string;
  status: "active" | "paid" | "expired";
  payments: { id: string; amount: number; status: string }[];
  createdAt: number;
}

export interface StandInGateway {
  url: string;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | undefined;
  sessions: Map<string, Session>;
  /** Every delivery tried: event id, HTTP status or 0 for no answer. */
  deliveries: { eventId: string; status: number }[];
  /** Settles a session as the tester's button would; resolves after the first delivery try. */
  settle(sessionId: string, outcome: "paid" | "failed" | "expired"): Promise<{ eventId: string; redirect: string }>;
  /** Sends an event already made again, now (a repeat, late). */
  redeliver(eventId: string): Promise<number>;
  /** Waits until every delivery and repeat in flight has ended. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("base64url")}`;
const peso = (centavos: number) => `₱${(centavos / 100).toLocaleString("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export async function startStandInGateway(opts: StandInOptions): Promise<StandInGateway> {
  const sessions = new Map<string, Session>();
  const events = new Map<string, string>();
  const deliveries: StandInGateway["deliveries"] = [];
  const inFlight = new Set<Promise<unknown>>();
  const retryDelays = opts.retryDelaysMs ?? [500, 1000, 2000, 4000, 8000, 16000, 32000];
  let closed = false;

  const track = <T>(p: Promise<T>): Promise<T> => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p)).catch(() => {});
    return p;
  };

  async function deliverOnce(eventId: string): Promise<number> {
    const body = events.get(eventId);
    if (!body || !gateway.webhookUrl) return 0;
    let status = 0;
    try {
      const answer = await fetch(gateway.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "paymongo-signature": signatureHeader(opts.webhookSecret, body, false) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ eventId, status });
    return status;
  }

  /** Delivers until the site takes it (2xx), as a gateway retries. */
  async function deliver(eventId: string, firstTry?: number): Promise<void> {
    let status = firstTry ?? (await deliverOnce(eventId));
    for (const wait of retryDelays) {
      if ((status >= 200 && status < 300) || closed) return;
      await new Promise((r) => setTimeout(r, wait));
      status = await deliverOnce(eventId);
    }
  }

  function makeEvent(session: Session, outcome: "paid" | "failed" | "expired"): string {
    const eventId = id("evt");
    const now = Math.floor(Date.now() / 1000);
    let type: string;
    let data: object;
    if (outcome === "paid") {
      const payment = { id: id("pay"), amount: session.amount, status: "paid" };
      session.payments.push(payment);
      session.status = "paid";
      type = "checkout_session.payment.paid";
      data = {
        id: session.id,
        type: "checkout_session",
        attributes: {
          reference_number: session.reference,
          status: session.status,
          line_items: session.lines.map((l) => ({ name: l.name, amount: l.amount, currency: "PHP", quantity: 1 })),
          payments: [
            { id: payment.id, type: "payment", attributes: { amount: payment.amount, currency: "PHP", status: "paid", paid_at: now } },
          ],
        },
      };
    } else if (outcome === "failed") {
      type = "payment.failed";
      data = {
        id: id("pay"),
        type: "payment",
        attributes: {
          amount: session.amount,
          currency: "PHP",
          status: "failed",
          metadata: { reference_number: session.reference, checkout_session_id: session.id },
        },
      };
    } else {
      session.status = "expired";
      type = "checkout_session.expired";
      data = {
        id: session.id,
        type: "checkout_session",
        attributes: { reference_number: session.reference, status: "expired", payments: [] },
      };
    }
    events.set(
      eventId,
      JSON.stringify({
        data: { id: eventId, type: "event", attributes: { type, livemode: false, data, created_at: now, updated_at: now } },
      }),
    );
    return eventId;
  }

  async function settle(sessionId: string, outcome: "paid" | "failed" | "expired") {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const redirect = outcome === "paid" ? session.successUrl : session.cancelUrl;
    // A session is paid once: a second "paid" on a paid session is the same payment again.
    if (session.status !== "active") return { eventId: "", redirect };
    const eventId = makeEvent(session, outcome);
    // The first try before the member is sent back (as the gateway's page waits for it), the
    // retries and repeats after.
    const first = await track(deliverOnce(eventId));
    void track(deliver(eventId, first));
    const repeats = opts.repeats?.() ?? 0;
    for (let i = 0; i < repeats; i++) {
      const delay = opts.repeatDelayMs?.() ?? 1000;
      void track(
        new Promise<void>((resolve) => setTimeout(resolve, delay)).then(async () => {
          if (!closed) await deliver(eventId);
        }),
      );
    }
    return { eventId, redirect };
  }

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");
      const json = (status: number, body: object) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const sessionJson = (s: Session) => ({
        data: {
          id: s.id,
          type: "checkout_session",
          attributes: {
            checkout_url: `${gateway.url}/checkout/${s.id}`,
            reference_number: s.reference,
            description: s.description,
            line_items: s.lines.map((l) => ({ name: l.name, amount: l.amount, currency: "PHP", quantity: 1 })),
            status: s.status,
            livemode: false,
            payments: s.payments.map((p) => ({ id: p.id, type: "payment", attributes: { amount: p.amount, status: p.status } })),
            success_url: s.successUrl,
            cancel_url: s.cancelUrl,
          },
        },
      });
      if (url.pathname.startsWith("/v1/")) {
        const expected = `Basic ${Buffer.from(`${opts.secretKey}:`).toString("base64")}`;
        if (req.headers.authorization !== expected)
          return json(401, { errors: [{ code: "api_key_invalid", detail: "API key is invalid" }] });
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout_sessions") {
        const attributes = (JSON.parse(raw) as { data?: { attributes?: Record<string, unknown> } }).data?.attributes ?? {};
        const items = Array.isArray(attributes.line_items) ? (attributes.line_items as { name: string; amount: number }[]) : [];
        const lines = items.map((l) => ({ name: String(l.name), amount: Number(l.amount) }));
        if (lines.length === 0 || lines.some((l) => !Number.isSafeInteger(l.amount) || l.amount < 2000))
          return json(400, { errors: [{ code: "parameter_below_minimum", detail: "amount must be at least 2000 centavos" }] });
        const session: Session = {
          id: id("cs"),
          reference: String(attributes.reference_number ?? ""),
          amount: lines.reduce((a, l) => a + l.amount, 0),
          lines,
          description: String(attributes.description ?? ""),
          successUrl: String(attributes.success_url ?? ""),
          cancelUrl: String(attributes.cancel_url ?? ""),
          status: "active",
          payments: [],
          createdAt: Date.now(),
        };
        sessions.set(session.id, session);
        return json(200, sessionJson(session));
      }
      const read = /^\/v1\/checkout_sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && read) {
        const s = sessions.get(read[1]!);
        return s ? json(200, sessionJson(s)) : json(404, { errors: [{ code: "resource_not_found", detail: "No such checkout session" }] });
      }
      const page = /^\/checkout\/([\w-]+)$/.exec(url.pathname);
      const s = page ? sessions.get(page[1]!) : undefined;
      if (page && !s) {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
        return res.end("No such checkout.");
      }
      if (s && req.method === "POST") {
        const outcome = new URLSearchParams(raw).get("outcome");
        if (outcome !== "paid" && outcome !== "failed" && outcome !== "expired") {
          res.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          return res.end("Choose paid, failed or expired.");
        }
        const { redirect } = await settle(s.id, outcome);
        res.writeHead(303, { location: redirect });
        return res.end();
      }
      if (s && (req.method === "GET" || req.method === "HEAD")) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        return res.end(checkoutPage(s));
      }
      json(404, { errors: [{ code: "resource_not_found", detail: "Not found" }] });
    } catch (error) {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const gateway: StandInGateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey: opts.secretKey,
    webhookSecret: opts.webhookSecret,
    webhookUrl: opts.webhookUrl,
    sessions,
    deliveries,
    settle,
    redeliver: (eventId) => track(deliverOnce(eventId)),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      closed = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return gateway;
}

/** The gateway's page: what is paid, and the tester's three outcomes. Plain HTML, no script. */
function checkoutPage(s: Session): string {
  const rows = s.lines.map((l) => `<tr><td>${escapeHtml(l.name)}</td><td class="n">${peso(l.amount)}</td></tr>`).join("");
  const button = (outcome: string, label: string) =>
    `<button name="outcome" value="${outcome}"${outcome === "paid" ? ' class="pay"' : ""}>${label}</button>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment — stand-in gateway</title><style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:28rem;padding:1rem;color:#1b1b1b}
.test{background:#ffe08a;border:2px solid #b58100;padding:.5rem .75rem;font-weight:700}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0;border-bottom:1px solid #ddd}.n{text-align:right}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border:1px solid #555;background:#fff;border-radius:4px}
.pay{background:#0b5d1e;color:#fff;border-color:#0b5d1e}</style></head><body>
<p class="test">TEST PAYMENT: stand-in gateway. No money moves; no card or wallet is asked for.</p>
<h1>Pay ${peso(s.amount)}</h1><p>${escapeHtml(s.description)}<br>Reference ${escapeHtml(s.reference)}</p>
<table>${rows}<tr><td><strong>Total</strong></td><td class="n"><strong>${peso(s.amount)}</strong></td></tr></table>
<form method="post">${button("paid", "Pay (test: paid)")}${button("failed", "Test: payment fails")}${button("expired", "Test: checkout expires")}</form>
</body></html>`;
}

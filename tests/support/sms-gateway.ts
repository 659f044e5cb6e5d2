/**
 * A loopback stand-in for an SMS gateway, answering with Semaphore's response shapes.
 * Tests read what was "sent" from `messages`, and make it fail with `failNext`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface SentSms {
  number: string;
  message: string;
  sendername: string | null;
  apikey: string;
}

export interface SmsGatewayStandIn {
  url: string;
  apiKey: string;
  messages: SentSms[];
  /** The next n requests answer with this status (429 rate limit, 500, 400 invalid number). */
  failNext(status: 400 | 429 | 500, n?: number): void;
  close(): Promise<void>;
}

export async function startSmsGateway(apiKey = "test-key"): Promise<SmsGatewayStandIn> {
  const messages: SentSms[] = [];
  let failures: number[] = [];
  let nextId = 1000;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST") return json(405, { message: "Method not allowed" });
      const failure = failures.shift();
      if (failure === 429) return json(429, { message: "Too many requests" }, { "retry-after": "1" });
      if (failure === 500) return json(500, { message: "Server error" });
      if (failure === 400 || !/^(63|0)9\d{9}$/.test(form.get("number") ?? ""))
        return json(400, { number: ["The number format is invalid."] });
      if (form.get("apikey") !== apiKey) return json(401, { apikey: ["The selected apikey is invalid."] });
      const sms: SentSms = {
        number: form.get("number")!,
        message: form.get("message") ?? "",
        sendername: form.get("sendername"),
        apikey: form.get("apikey")!,
      };
      messages.push(sms);
      json(200, [
        {
          message_id: nextId++,
          recipient: sms.number,
          message: sms.message,
          sender_name: sms.sendername ?? "SEMAPHORE",
          status: "Pending",
        },
      ]);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v4/messages`,
    apiKey,
    messages,
    failNext(status, n = 1) {
      failures = [...failures, ...Array(n).fill(status)];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

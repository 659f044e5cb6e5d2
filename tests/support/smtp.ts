/**
 * A real SMTP server on loopback (smtp-server), every message parsed with mailparser.
 * Tests and benchmarks read what arrived from `messages`.
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  messageId: string;
  headers: ParsedMail["headers"];
  /** The SMTP session (connection) it arrived on. */
  session: string;
  /** When the server had the whole message (before it answered 250). */
  at: number;
}

export interface SmtpStandIn {
  /** For SMTP_URL: plain SMTP on loopback, no TLS. */
  url: string;
  messages: ReceivedMail[];
  /** Raw count of DATA transactions accepted (a repeat counts twice here). */
  accepted: number;
  /** The sessions (connections) open now: what a client killed at this moment has in flight. */
  openSessions(): Set<string>;
  /** Resolves when `n` messages have arrived (or rejects after `ms`). */
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(opts: { parse?: boolean } = {}): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const standIn = { accepted: 0 } as SmtpStandIn;
  const open = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(session, callback) {
      open.add(session.id);
      callback();
    },
    onClose(session) {
      open.delete(session.id);
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      if (opts.parse === false) {
        // Benchmarks: read only the Message-ID header, keep the server fast.
        let head = "";
        stream.on("data", (c: Buffer) => {
          if (head.length < 4096) head += c.toString("latin1");
        });
        stream.on("end", () => {
          const messageId = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? "";
          standIn.accepted++;
          messages.push({ to, subject: "", text: "", messageId, headers: new Map(), session: session.id, at: Date.now() });
          for (const w of waiters) w();
          callback();
        });
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          standIn.accepted++;
          messages.push({
            to,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            messageId: mail.messageId ?? "",
            headers: mail.headers,
            session: session.id,
            at: Date.now(),
          });
          for (const w of waiters) w();
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  // A client that dies mid-session (the crash benchmark kills the worker) resets its connection: not our failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `smtp://127.0.0.1:${port}/?tls=off`,
    messages,
    openSessions: () => new Set(open),
    waitFor(n: number, ms = 30_000) {
      return new Promise<ReceivedMail[]>((resolve, reject) => {
        const check = () => {
          if (messages.length >= n) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(messages);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${n} e-mails, got ${messages.length}`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

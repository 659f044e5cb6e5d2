/**
 * What the server is built from and what it hands on, apart from the code that builds it:
 * AppDeps (what buildApp in server/app.ts takes; the API plugins take the type from here, so
 * none imports server/app.ts) and AppServices (what every page's loader and action gets from
 * the request context). The one server module app/ may import, for types only
 * (.dependency-cruiser.cjs).
 */
import type { BaseLogger } from "pino";
import type { ServerBuild } from "react-router";
import type { DatabaseHandle, Db } from "../db/client";
import type { AgamCounts } from "../modules/agam/pool.server";
import type { SendText } from "../modules/agam/second-factor.server";
import type { PaymentsService } from "../modules/payments/gateway";
import type { ReceiptSender } from "../modules/payments/receipts.server";
import type { RetentionPolicy } from "../modules/privacy/retention";
import type { StaffServices } from "../modules/staff/services.server";
import type { AlertsRuntime } from "./alerts/runtime";
import type { Bus } from "./bus";
import type { Config } from "./config";
import type { SmsGateway } from "./messaging/sms";

export type { AlertsRuntime, SmsGateway };

/** What buildApp (server/app.ts) is built from. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  bus: Bus;
  /** React Router's server build; without it only the API, files and health answer (API tests). */
  build?: ServerBuild;
  /** Folder of the client build (hashed assets and public files). */
  clientDir?: string;
  logger?: boolean | object;
  /** Alert channels and worker (server/alerts/runtime.ts); absent in tests that do not need them. */
  alerts?: AlertsRuntime;
}

/**
 * What the server hands every loader and action: the database and the services around it
 * (server/app.ts makeServices builds them per request). Loaders read them with
 * `services(context)` (app/context.ts), never from a global.
 */
export interface AppServices {
  db: Db;
  /** The site's own origin, e.g. https://www.example.ph, for absolute links. */
  publicUrl: string;
  storageDir: string;
  /** Where the daily backup writes (its last-backup.json: the console's overview shows the outcome). */
  backupDir: string;
  /** Publishes that content changed, so caches drop it (other processes too, through Redis). */
  contentChanged(area: string): Promise<void>;
  /**
   * The one logger: the request's own pino logger (its lines carry the request id).
   * Log errors through `loggableError` (modules/shared/errors.ts): never form contents.
   */
  log: Pick<BaseLogger, "error" | "warn" | "info">;
  /** true when the error is the database being unreachable: counted into the one outage log line (server/outage.ts); log nothing. */
  databaseFailed(error: unknown): boolean;
  /**
   * Reference data every page shows (news categories, partners, barangays), kept in
   * memory by key for REFERENCE_TTL_MS and dropped when content changes: computed once,
   * not on every render.
   */
  reference<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /**
   * The AGAM registered counts as the API and its stream give them: one computation for
   * every reader, at most 2 s old, recomputed at most 1 s after a registration (server/agam-live.ts).
   */
  agamCounts(): Promise<AgamCounts>;
  /** Staff sign-in: who is signed in, better-auth, cookies to set (see app/routes/staff/guard.server.ts). */
  staff: StaffServices;
  /** Alert channels and worker (server/alerts/runtime.ts); absent where alerts are not wired (some tests). */
  alerts: AlertsRuntime | undefined;
  /** The SMS gateway when one is configured (SMS_GATEWAY_URL), else null. */
  sms: SmsGateway | null;
  /** Sends a one-time code by text message when a gateway is configured. */
  sendText: SendText | undefined;
  /** Online payments (the gateway, its mode, the fee), or null where none is set up: then only where to pay. */
  payments: PaymentsService | null;
  /** Sends a payment's acknowledgement by e-mail or text. */
  paymentReceipts: ReceiptSender;
  /** How long each kind of personal data is kept (server/config.ts RETENTION_*): the privacy page lists it. */
  retention: RetentionPolicy;
}

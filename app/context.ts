/**
 * What the server hands every loader and action: the database and the services
 * around it. Loaders read it with `context.get(appContext)`, never from a global.
 */

import type { BaseLogger } from "pino";
import { createContext } from "react-router";
import type { Db } from "../db/client";
import type { SendText } from "../modules/agam/second-factor.server";
import type { RetentionPolicy } from "../modules/privacy/retention";
import type { StaffServices } from "../modules/staff/services.server";
import type { AlertsRuntime } from "../server/alerts/runtime";
import type { SmsGateway } from "../server/messaging/sms";

export interface AppServices {
  db: Db;
  /** The site's own origin, e.g. https://www.example.ph, for absolute links. */
  publicUrl: string;
  storageDir: string;
  /** Publishes that content changed, so caches drop it (other processes too, through Redis). */
  contentChanged(area: string): Promise<void>;
  /**
   * The one logger: the request's own pino logger (its lines carry the request id).
   * Log errors through `loggableError` (modules/shared/errors.ts): never form contents.
   */
  log: Pick<BaseLogger, "error" | "warn" | "info">;
  /**
   * Reference data every page shows (news categories, partners, barangays), kept in
   * memory by key for REFERENCE_TTL_MS and dropped when content changes: computed once,
   * not on every render.
   */
  reference<T>(key: string, compute: () => Promise<T>): Promise<T>;
  /** Staff sign-in: who is signed in, better-auth, cookies to set (see app/routes/staff/guard.server.ts). */
  staff: StaffServices;
  /** Alert channels and worker (server/alerts/runtime.ts); absent where alerts are not wired (some tests). */
  alerts: AlertsRuntime | undefined;
  /** The SMS gateway when one is configured (SMS_GATEWAY_URL), else null. */
  sms: SmsGateway | null;
  /** Sends a one-time code by text message when a gateway is configured. */
  sendText: SendText | undefined;
  /** How long each kind of personal data is kept (server/config.ts RETENTION_*): the privacy page lists it. */
  retention: RetentionPolicy;
}

export const appContext = createContext<AppServices>();

export function services(context: { get: (c: typeof appContext) => AppServices }): AppServices {
  return context.get(appContext);
}

/**
 * What the web process holds for alerts: the configured channels (the forms send confirmation
 * e-mails and SMS codes through them) and, when ALERTS_WORKER is on, the pg-boss worker.
 */

import type { DatabaseHandle } from "../../db/client";
import type { Config } from "../config";
import { type Channels, createChannels } from "../messaging/channels";
import { type Alerts, startAlerts } from "./worker";

export interface AlertsRuntime {
  channels: Channels;
  /** The worker, when this process runs it; staff actions (resend, pause) go through it. */
  worker: Alerts | null;
  publicUrl: string;
  close(): Promise<void>;
}

export async function startAlertsRuntime(
  config: Config,
  database: DatabaseHandle,
  log?: { info(o: object, m: string): void; error(o: object, m: string): void },
): Promise<AlertsRuntime> {
  const channels = createChannels(config);
  const worker = config.ALERTS_WORKER === "on" ? await startAlerts(database, channels, { publicUrl: config.publicUrl, log }) : null;
  return {
    channels,
    worker,
    publicUrl: config.publicUrl,
    async close() {
      await worker?.stop();
      await channels.close();
    },
  };
}

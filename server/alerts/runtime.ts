/**
 * What the web process holds for alerts: the configured channels (the forms send confirmation
 * e-mails and SMS codes through them) and, when ALERTS_WORKER is on, the pg-boss worker.
 */

import type { DatabaseHandle } from "../../db/client";
import type { SendRates } from "../../modules/alerts/cost";
import type { Config } from "../config";
import { type Channels, createChannels } from "../messaging/channels";
import { type Alerts, startAlerts } from "./worker";

export interface AlertsRuntime {
  channels: Channels;
  /** The worker, when this process runs it; staff actions (resend, pause) go through it. */
  worker: Alerts | null;
  publicUrl: string;
  /** The configured sending rates, for the cost preview before a send. */
  rates: SendRates;
  close(): Promise<void>;
}

export function sendRatesOf(config: Config): SendRates {
  return {
    smsCallsPerMinute: config.SMS_RATE_PER_MINUTE,
    smsBulkLimit: config.SMS_BULK_LIMIT,
    smsCreditsPerSegment: config.SMS_CREDITS_PER_SEGMENT,
    emailPerSecond: config.SMTP_RATE_PER_SECOND,
  };
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
    rates: sendRatesOf(config),
    async close() {
      await worker?.stop();
      await channels.close();
    },
  };
}

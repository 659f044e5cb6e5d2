/** What the alert pages share on the server: the runtime, and reading the area and channel fields. */

import type { AlertChannel } from "../../../modules/alerts/messages";
import type { AreaChoice } from "../../../modules/alerts/subscriptions.server";
import { isTown, type Town } from "../../../modules/shared/constants";
import type { AlertsRuntime } from "../../../server/deps";
import type { AppServices } from "../../context";

export function alertsRuntime(s: AppServices): AlertsRuntime | undefined {
  return s.alerts;
}

/** The channels this site can send now (the page offers only these). */
export function offeredChannels(s: AppServices): AlertChannel[] {
  const r = alertsRuntime(s);
  return r ? (["email", "sms", "push"] as const).filter((c) => r.channels.configured.has(c)) : [];
}

/**
 * Area checkboxes: "Bani" is the whole town, "Bani:12" one barangay. A whole town makes its
 * barangays redundant, so they are dropped.
 */
export function readAreas(values: FormDataEntryValue[], known: Map<number, Town>): AreaChoice[] {
  const towns = new Set<Town>();
  const picked: AreaChoice[] = [];
  for (const v of values) {
    if (typeof v !== "string") continue;
    const [town, id] = v.split(":");
    if (town === undefined || !isTown(town)) continue;
    if (id === undefined) towns.add(town);
    else if (known.get(Number(id)) === town) picked.push({ town, barangayId: Number(id) });
  }
  return [...[...towns].map((town) => ({ town, barangayId: null })), ...picked.filter((a) => !towns.has(a.town))];
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

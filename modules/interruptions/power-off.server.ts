/**
 * "Power off now": the dispatcher's emergency interruption. A town (or some of its barangays)
 * without power from now, published at once and marked ongoing, so the public pages, the
 * outage picture and the alerts follow as for a planned one (the "published" event alerts the
 * subscribers of those areas). Only the town is needed; everything else has a default.
 */
import { z } from "zod";
import type { ContentContext } from "../content/context";
import { ContentValidationError } from "../content/context";
import { now as clockNow } from "../shared/clock";
import { isTown } from "../shared/constants";
import { manilaDateTime, manilaFormParts } from "../shared/dates";
import { changeInterruptionStatus, createInterruption, interruptionFormSchema } from "./editor.server";

/** Without an estimate the window shown to the public is this long, until the dispatcher updates it. */
export const DEFAULT_HOURS = 4;
export const DEFAULT_CAUSE = "Unscheduled power interruption";
export const DEFAULT_CIRCUIT = "To be confirmed";

export const powerOffFormSchema = z.object({
  town: z.string().trim().max(20).default(""),
  /** Some barangays only, pasted or typed; empty for the whole town. */
  barangays: z.string().max(5000).default(""),
  /** Start, Manila "YYYY-MM-DD" and "HH:MM": now unless the power went off earlier. */
  date: z.string().trim().max(20).default(""),
  start: z.string().trim().max(10).default(""),
  /** Estimated restoration, Manila "YYYY-MM-DDTHH:MM"; optional. */
  etr: z.string().trim().max(20).default(""),
  cause: z.string().max(2000).default(""),
  circuit: z.string().max(2000).default(""),
  note: z.string().trim().max(500, "At most 500 characters.").default(""),
});
export type PowerOffForm = z.infer<typeof powerOffFormSchema>;

/** The form's defaults: now, in Manila. */
export function powerOffDefaults(now: Date = clockNow()): Pick<PowerOffForm, "date" | "start"> {
  const { date, time } = manilaFormParts(now);
  return { date, start: time };
}

/** Creates, publishes and marks ongoing the emergency interruption; returns its id. */
export async function powerOffNow(ctx: ContentContext, form: PowerOffForm): Promise<number> {
  const now = clockNow();
  const errors: Record<string, string> = {};
  if (!isTown(form.town)) errors.town = "Choose the town.";
  const defaults = powerOffDefaults(now);
  const date = form.date || defaults.date;
  const start = form.start || defaults.start;
  const startsAt = manilaDateTime(date, start);
  if (!startsAt) errors.start = "Enter when the power went off, like 14:30.";
  let endsAt: Date | null = startsAt ? new Date(Math.max(startsAt.getTime(), now.getTime()) + DEFAULT_HOURS * 3600_000) : null;
  if (form.etr) {
    const [d, t] = form.etr.split("T");
    endsAt = d && t ? manilaDateTime(d, t) : null;
    if (!endsAt) errors.etr = "Write the estimated restoration like 2026-11-25T18:00, or leave it empty.";
    else if (startsAt && endsAt <= startsAt) errors.etr = "The estimated restoration must be after the power went off.";
    else if (endsAt <= now) errors.etr = "The estimated restoration must be later than now.";
  }
  if (Object.keys(errors).length) throw new ContentValidationError(errors);
  const end = manilaFormParts(endsAt!);
  const id = await createInterruption(
    ctx,
    interruptionFormSchema.parse({
      date,
      start,
      endDate: end.date === date ? "" : end.date,
      end: end.time,
      activities: form.cause.trim() || DEFAULT_CAUSE,
      circuit: form.circuit.trim() || DEFAULT_CIRCUIT,
      ...(form.barangays.trim() ? { pasteNames: form.barangays, pasteTown: form.town } : { wholeTown: [form.town] }),
      publish: "now",
    }),
    // Unplanned; without an estimate the end above is only a stand-in, never shown to members.
    { kind: "unplanned", endKnown: Boolean(form.etr) },
  ).catch((error: unknown) => {
    // The editor names the pasted list "pasteNames": here it is the barangays field.
    if (error instanceof ContentValidationError && error.fieldErrors.pasteNames)
      throw new ContentValidationError({ barangays: error.fieldErrors.pasteNames }, error.message);
    throw error;
  });
  await changeInterruptionStatus(ctx, id, { status: "ongoing", note: form.note, newEnd: "" });
  return id;
}

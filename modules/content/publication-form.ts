/**
 * The publication part of every editor: save as draft, publish now, or schedule (publish at,
 * and optionally unpublish at, in Manila time).
 */
import { z } from "zod";
import { manilaLocalInput } from "../shared/dates";
import type { Publication } from "./publication-state";

export const publicationFields = {
  publish: z.enum(["draft", "now", "schedule", "keep"]).default("keep"),
  publishAt: z.string().trim().max(40).default(""),
  unpublishAt: z.string().trim().max(40).default(""),
};

export interface PublicationValues {
  publication: Publication;
  publishAt: Date | null;
  unpublishAt: Date | null;
}

/**
 * The stored publication from the form's choice; "keep" leaves the current one but still
 * reads a changed unpublish time. Errors are keyed by field name.
 */
export function readPublication(
  input: { publish: "draft" | "now" | "schedule" | "keep"; publishAt: string; unpublishAt: string },
  current: PublicationValues | null,
  now: Date,
  errors: Record<string, string>,
): PublicationValues {
  const unpublishAt = input.unpublishAt ? manilaLocalInput(input.unpublishAt) : null;
  if (input.unpublishAt && !unpublishAt) errors.unpublishAt = "Enter the unpublish date and time, like 2026-03-05 17:00.";
  const choice = input.publish === "keep" && !current ? "draft" : input.publish;
  let result: PublicationValues;
  if (choice === "keep") result = { publication: current!.publication, publishAt: current!.publishAt, unpublishAt };
  else if (choice === "draft") result = { publication: "draft", publishAt: null, unpublishAt };
  else if (choice === "now") result = { publication: "published", publishAt: now, unpublishAt };
  else {
    const at = manilaLocalInput(input.publishAt);
    if (!at) errors.publishAt = "Enter when to publish, like 2026-03-05 08:00 (Manila time).";
    result = { publication: "published", publishAt: at, unpublishAt };
  }
  if (result.unpublishAt && result.publishAt && result.unpublishAt <= result.publishAt)
    errors.unpublishAt = "The unpublish time must be after the publish time.";
  return result;
}

/** The publishing buttons of a saved item (`name="intent"`): the publication each sets, and what the list then says. */
export const PUBLISHING_INTENTS = {
  "publish-now": { publication: "now", saved: "Published." },
  unpublish: { publication: "draft", saved: "Unpublished: it is a draft again." },
  archive: { publication: "archived", saved: "Archived." },
} as const;
export type PublishingIntent = keyof typeof PUBLISHING_INTENTS;
export const PUBLISHING_INTENT_NAMES = ["publish-now", "unpublish", "archive"] as const satisfies readonly PublishingIntent[];
export const isPublishingIntent = (intent: string | undefined): intent is PublishingIntent =>
  intent !== undefined && Object.hasOwn(PUBLISHING_INTENTS, intent);

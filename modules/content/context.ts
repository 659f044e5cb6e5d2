/**
 * What every content-changing core function needs: the database, who is acting, and how to
 * tell every process that public content changed (the "content-changed" bus, so caches drop).
 */
import type { Db } from "../../db/client";
import type { Actor } from "./revisions.server";

export interface ContentContext {
  db: Db;
  actor: Actor;
  /** Where the request came from, for the audit log. */
  origin?: { ip?: string; userAgent?: string };
  contentChanged(area: string): Promise<void>;
}

/** A refused save: the message per form field (or CSV row and column), nothing stored. */
export class ContentValidationError extends Error {
  constructor(
    readonly fieldErrors: Record<string, string>,
    message = "Please correct the fields marked below.",
  ) {
    super(message);
  }
}

/** Publication choices every editor offers. */
export type PublishChoice = "draft" | "now" | "schedule";

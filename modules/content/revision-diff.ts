/**
 * What changed between two saved states, field by field, with the words added and removed
 * inside text fields marked, for the revision view.
 */
import { diffWords } from "diff";

export interface FieldChange {
  field: string;
  before: string;
  after: string;
  /** The text of `after` in pieces, each added, removed or kept. */
  parts: { value: string; added?: boolean; removed?: boolean }[];
}

const show = (v: unknown): string => (v == null ? "" : typeof v === "string" ? v : JSON.stringify(v));

export function diffSnapshots(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = show(before?.[field]);
    const b = show(after[field]);
    if (a === b) continue;
    changes.push({
      field,
      before: a,
      after: b,
      parts: diffWords(a, b).map((p) => ({ value: p.value, ...(p.added ? { added: true } : {}), ...(p.removed ? { removed: true } : {}) })),
    });
  }
  return changes;
}

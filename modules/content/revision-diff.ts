/**
 * What changed between two saved states, field by field, in words: stored HTML read as its
 * text, dates as dates, lists and rows as lines, each field under its name as the editor shows
 * it (never a field id, markup or JSON), with the words added and removed marked.
 */
import { diffWords } from "diff";
import { formatDate, formatDateTime, manilaDateTime, manilaLocalInput } from "../shared/dates";
import { toPlainText } from "../shared/html";
import { isContentLanguage, LANGUAGE_NAMES } from "./translations";

export interface FieldChange {
  field: string;
  /** The field's name in words. */
  label: string;
  before: string;
  after: string;
  /** The text of `after` in pieces, each added, removed or kept. */
  parts: { value: string; added?: boolean; removed?: boolean }[];
}

/** Names of the fields the editors save, where a field's own name is not already words. */
const FIELD_LABELS: Record<string, string> = {
  date: "Date",
  start: "Start time",
  end: "End time",
  endDate: "End date",
  activities: "Activities",
  circuit: "Circuit to be opened",
  affectedAreas: "Affected areas (as published)",
  areas: "Barangays",
  status: "Status",
  title: "Title",
  body: "Text",
  attachmentNames: "Attachments",
  files: "Files",
  publication: "Publishing",
  publishAt: "Publish at",
  unpublishAt: "Unpublish at",
  rates: "Official rates",
  charges: "Generation charges",
  type: "Type",
  amount: "Amount",
  source: "Power source",
  name: "Name",
  queue: "Queue",
  percentKwhPurchased: "% of kWh purchased",
  kwhPurchased: "kWh purchased",
  basicGenerationCost: "Basic generation cost",
  otherCostAdjustment: "Other cost adjustment",
  totalGenerationCost: "Total generation cost",
  promptPaymentDiscount: "Prompt payment discount",
  pilferageCostRecoveries: "Pilferage cost recoveries",
  otherGenerationCostAdjustment: "Other generation cost adjustment",
  generationRate: "Generation rate",
};

/** A field's name in words: its known label, or "someField" as "Some field". */
export function fieldLabel(field: string, labels: Record<string, string> = {}): string {
  const known = labels[field] ?? FIELD_LABELS[field];
  if (known) return known;
  // A version in another language ("fil.title"): "Title (Filipino)".
  const [lang, name] = field.split(".");
  if (name && isContentLanguage(lang)) return `${fieldLabel(name, labels)} (${LANGUAGE_NAMES[lang].en})`;
  const words = field
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const LOCAL_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^\d{2}:\d{2}$/;
const MARKUP = /<[a-z][^>]*>/i;

/** Stored HTML as text, one paragraph or list item a line. */
function htmlAsText(html: string): string {
  return html
    .split(/<\/(?:p|li|h[1-6]|div|tr|blockquote)>|<br\s*\/?>/i)
    .map((block) => toPlainText(block))
    .filter(Boolean)
    .join("\n");
}

/** One saved value in words. */
export function describeValue(value: unknown): string {
  if (value == null || value === "") return "";
  if (typeof value === "string") {
    if (MARKUP.test(value)) return htmlAsText(value);
    if (ISO_MOMENT.test(value)) return formatDateTime(value);
    if (LOCAL_MOMENT.test(value)) {
      const at = manilaLocalInput(value);
      return at ? formatDateTime(at) : value;
    }
    if (DAY.test(value)) {
      const at = manilaDateTime(value, "12:00");
      return at ? formatDate(at) : value;
    }
    if (CLOCK.test(value)) {
      const [h, m] = value.split(":").map(Number) as [number, number];
      return `${h % 12 || 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
    }
    return value;
  }
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) {
    const items = value.map(describeValue).filter(Boolean);
    // Rows (objects) one a line; plain values in one line.
    return value.some((v) => v !== null && typeof v === "object") ? items.join("\n") : items.join(", ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v != null && v !== "");
    // A named thing with its place in a list ("Power source: Masinloc (queue 2)").
    const o = value as Record<string, unknown>;
    if (entries.length === 2 && typeof o.name === "string" && o.queue != null) return `${o.name} (queue ${o.queue})`;
    return entries.map(([k, v]) => `${fieldLabel(k)}: ${describeValue(v)}`).join("; ");
  }
  return String(value);
}

export function diffSnapshots(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  labels: Record<string, string> = {},
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = describeValue(before?.[field]);
    const b = describeValue(after[field]);
    if (a === b) continue;
    changes.push({
      field,
      label: fieldLabel(field, labels),
      before: a,
      after: b,
      parts: diffWords(a, b).map((p) => ({ value: p.value, ...(p.added ? { added: true } : {}), ...(p.removed ? { removed: true } : {}) })),
    });
  }
  return changes;
}

/**
 * Pasted barangay names matched against the list of a town (or all towns): each name is
 * matched or reported as unknown, so a dispatcher can paste a list from a memo.
 */
import type { Town } from "../shared/constants";

export interface BarangayRef {
  id: number;
  name: string;
  town: Town;
}

export function normalizeName(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^\s*(brgy\.?|barangay)\s+/, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

export interface MatchResult {
  matched: BarangayRef[];
  /** Names found nowhere. */
  unknown: string[];
  /** Names found in more than one town: write them "Town: Name". */
  ambiguous: string[];
}

/**
 * Splits on new lines, commas and semicolons. A name may carry its town ("Bani: Centro").
 * Without a town, `town` narrows the search; otherwise the name must be unique.
 */
export function matchBarangayNames(all: readonly BarangayRef[], text: string, town?: Town): MatchResult {
  const result: MatchResult = { matched: [], unknown: [], ambiguous: [] };
  const seen = new Set<number>();
  for (const raw of text.split(/[\n\r,;]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const colon = entry.indexOf(":");
    const townPart = colon > 0 ? entry.slice(0, colon).trim() : "";
    const namePart = colon > 0 ? entry.slice(colon + 1) : entry;
    const inTown = townPart
      ? all.filter((b) => normalizeName(b.town) === normalizeName(townPart.replace(/ city$/i, "")))
      : town
        ? all.filter((b) => b.town === town)
        : all;
    const key = normalizeName(namePart);
    const hits = inTown.filter((b) => normalizeName(b.name) === key);
    if (hits.length === 1) {
      if (!seen.has(hits[0]!.id)) result.matched.push(hits[0]!);
      seen.add(hits[0]!.id);
    } else if (hits.length > 1) result.ambiguous.push(entry);
    else result.unknown.push(entry);
  }
  return result;
}

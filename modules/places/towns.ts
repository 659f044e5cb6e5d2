/**
 * The cooperative's towns as people type them: one match for the address bar, the feeds, the
 * roll import and the schedule import, so "BANI", "bani" and "Bani" are the same town everywhere.
 */
import { TOWNS, type Town } from "../shared/constants";

/** The town `text` names, whatever its letter case; undefined when it names none. */
export function townNamed(text: string): Town | undefined {
  const wanted = text.toLowerCase();
  return TOWNS.find((t) => t.toLowerCase() === wanted);
}

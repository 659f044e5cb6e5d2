/** The registrations filter from the address: district 1 to 9, and a Manila date range (YYYY-MM-DD, both days included). */
import type { RegistrationFilter } from "../../../../modules/agam/admin.server";
import { manilaDateTime } from "../../../../modules/shared/dates";

export interface RegistrationQuery {
  district: string;
  from: string;
  to: string;
}

export function readRegistrationQuery(url: URL): { query: RegistrationQuery; filter: RegistrationFilter; errors: Record<string, string> } {
  const query = {
    district: url.searchParams.get("district") ?? "",
    from: url.searchParams.get("from") ?? "",
    to: url.searchParams.get("to") ?? "",
  };
  const filter: RegistrationFilter = {};
  const errors: Record<string, string> = {};
  if (query.district) {
    if (/^[1-9]$/.test(query.district)) filter.district = Number(query.district);
    else errors.district = "Choose a district from 1 to 9";
  }
  if (query.from) {
    const from = manilaDateTime(query.from, "00:00");
    if (from) filter.from = from;
    else errors.from = "Enter the first day as a date";
  }
  if (query.to) {
    const to = manilaDateTime(query.to, "00:00");
    if (to) filter.to = new Date(to.getTime() + 86_400_000);
    else errors.to = "Enter the last day as a date";
  }
  return { query, filter, errors };
}

export const filterSearch = (q: RegistrationQuery) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]).toString();

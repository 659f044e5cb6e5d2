/**
 * The month a rates page edits: read from `?year=&month=` (this month by default, kept between
 * 2007 and next year), and the form that opens another month.
 */
import { now as clockNow } from "../../../../modules/shared/clock";
import { MONTH_NAMES, manilaParts } from "../../../../modules/shared/dates";
import { FilterForm, FilterInput, FilterSelect } from "../Filters";

export function monthOf(url: URL) {
  const now = manilaParts(clockNow());
  const year = Math.min(Math.max(Number(url.searchParams.get("year")) || now.year, 2007), now.year + 1);
  const month = Math.min(Math.max(Number(url.searchParams.get("month")) || now.month, 1), 12);
  return { year, month, key: `${year}-${String(month).padStart(2, "0")}` };
}

export function MonthPicker({ year, month }: { year: number; month: number }) {
  return (
    <FilterForm label="Choose the month" button="Open">
      <FilterSelect name="month" label="Month" value={month} options={MONTH_NAMES.map((m, i) => ({ value: String(i + 1), label: m }))} />
      <FilterInput name="year" label="Year" value={year} type="number" min={2007} />
    </FilterForm>
  );
}

/** /rates.csv?year=&month=: the month the rates page shows, as a CSV file. */

import { getOfficialRates, listGenerationCharges, parseRateMonth, ratesCsv } from "../../../modules/rates/queries.server";
import { services } from "../../context";
import type { Route } from "./+types/csv";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const { year, month, error } = parseRateMonth(new URL(request.url).searchParams);
  if (error)
    return new Response(`${error.replace(", so this month's rates are shown", "")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const [rates, charges] = await Promise.all([getOfficialRates(db, year, month), listGenerationCharges(db, year, month)]);
  const name = `wespeco-rates-${year}-${String(month).padStart(2, "0")}.csv`;
  // A byte order mark so spreadsheet apps read the file as UTF-8.
  return new Response("\uFEFF" + ratesCsv(year, month, rates, charges), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}

/** The query parameters this page reads: the only ones in its server-cache key. */
export const handle = { query: ["year", "month"] };

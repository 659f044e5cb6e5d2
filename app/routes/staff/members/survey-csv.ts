/** /staff/members/survey/answers.csv: every answer of the period and town, names and contacts included; each export audited. */

import { surveyAnswersCsv } from "../../../../modules/members/survey-results.server";
import { monthKey, readSurveyFilter } from "../../../../modules/members/survey-stats";
import { manilaParts } from "../../../../modules/shared/dates";
import { recordAudit } from "../../../../modules/staff/audit.server";
import { services } from "../../../context";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/survey-csv";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const db = services(args.context).db;
  const filter = readSurveyFilter(new URL(args.request.url).searchParams, manilaParts(new Date()));
  const { csv, rows } = await surveyAnswersCsv(db, filter);
  const st = staffServices(args);
  await recordAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: "survey.exported",
    objectType: "survey_response",
    after: { from: monthKey(filter.from), to: monthKey(filter.to), town: filter.town, rows },
    ip: st.ip,
    userAgent: st.userAgent,
  });
  const name = `survey-answers-${monthKey(filter.from)}-to-${monthKey(filter.to)}${filter.town ? `-${filter.town.toLowerCase().replace(/\s+/g, "-")}` : ""}.csv`;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** /staff/interruptions/import/template.csv: the CSV template of a week's schedule. */

import { IMPORT_TEMPLATE } from "../../../../modules/interruptions/editor.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/import-template";

export const handle: ConsoleHandle = { staff: "interruptions.manage" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, "interruptions.manage");
  return new Response(IMPORT_TEMPLATE, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="interruptions-template.csv"',
      "Cache-Control": "no-store",
    },
  });
}

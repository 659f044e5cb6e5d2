/** /staff/help/files/<name>: a template a help page offers (the bill and payment files' templates). */
import { data } from "react-router";
import { helpFile } from "../../../modules/help/sources.server";
import { isHelpFile } from "../../../modules/help/topics";
import type { Route } from "./+types/help-file";
import { requireStaff } from "./guard.server";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "signed-in" };

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const name = args.params.name;
  if (!isHelpFile(name)) throw data(null, { status: 404 });
  return new Response(helpFile(name), {
    headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${name}"` },
  });
}

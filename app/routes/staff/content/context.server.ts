/** The content context of a console request: the database, who acts, where from, and the bus. */
import { data } from "react-router";
import type { ContentContext } from "../../../../modules/content/context";
import { rowIdFromParam } from "../../../../modules/shared/ids";
import { services } from "../../../context";
import type { StaffUser } from "../guard.server";

export function contentContext(
  args: { context: { get: Parameters<typeof services>[0]["get"] } },
  user: StaffUser,
): ContentContext & { storageDir: string } {
  const s = services(args.context);
  return {
    db: s.db,
    actor: { id: user.id, name: user.name, email: user.email },
    origin: { ip: s.staff.ip, userAgent: s.staff.userAgent },
    contentChanged: s.contentChanged,
    log: s.log,
    storageDir: s.storageDir,
  };
}

/** The :id of a console address as a row id; anything else is a 404 (never a query with NaN). */
export function idParam(value: string | undefined): number {
  const id = rowIdFromParam(value);
  if (id === null) throw data({ message: "Not found." }, { status: 404 });
  return id;
}

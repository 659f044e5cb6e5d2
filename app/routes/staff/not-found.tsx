import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { requireStaff } from "./guard.server";
import type { ConsoleHandle } from "./nav";

export const handle: ConsoleHandle = { staff: "signed-in" };

/** Unknown console addresses: sign in first (no probing of what exists), then 404. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  throw data(null, { status: 404 });
}

export async function action(args: Route.ActionArgs) {
  await requireStaff(args);
  throw data(null, { status: 404 });
}

export default function ConsoleNotFound() {
  return null;
}

import { redirect } from "react-router";
import { localePath } from "../../../modules/shared/i18n";
import { requestLocale } from "../../i18n";

/** The old address of the schedules (spec route table) now lands on the live page. */
export function loader({ request }: { request: Request }) {
  const search = new URL(request.url).search;
  return redirect(`${localePath(requestLocale(request), "/news/power-interruptions")}${search}`, 301);
}

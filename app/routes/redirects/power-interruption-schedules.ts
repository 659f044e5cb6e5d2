import { redirect } from "react-router";

/** The old address of the schedules (spec route table) now lands on the live page. */
export function loader({ request }: { request: Request }) {
  const search = new URL(request.url).search;
  return redirect(`/news/power-interruptions${search}`, 301);
}

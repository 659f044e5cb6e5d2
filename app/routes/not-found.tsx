import { data } from "react-router";
import { COOPERATIVE } from "../../modules/shared/constants";
import { NotFoundContent } from "../components/layout/NotFound";

/** Any unknown path: the 404 page inside the shell, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: `Page not found | ${COOPERATIVE.shortName}` }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  return <NotFoundContent />;
}

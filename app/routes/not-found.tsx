import { data } from "react-router";
import { COOPERATIVE } from "../../modules/shared/constants";
import { localeOfPath, translator } from "../../modules/shared/i18n";
import { NotFoundContent } from "../components/layout/NotFound";
import { shellMessages } from "../messages/shell";

/** Any unknown path: the 404 page inside the shell, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = ({ location }: { location: { pathname: string } }) => [
  { title: `${translator(shellMessages, localeOfPath(location.pathname))("notFound.title")} | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <NotFoundContent />;
}

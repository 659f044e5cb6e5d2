import { Link } from "react-router";
import { useLocalePath, useT } from "../../i18n";
import { shellMessages } from "../../messages/shell";

export function NotFoundContent() {
  const t = useT(shellMessages);
  const lp = useLocalePath();
  return (
    <div className="container page not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <ul>
        <li>
          <Link to={lp("/")}>{t("nav.home")}</Link>
        </li>
        <li>
          <Link to={lp("/news/power-interruptions")}>{t("notFound.schedules")}</Link>
        </li>
        <li>
          <Link to={lp("/news/advisories")}>{t("notFound.advisories")}</Link>
        </li>
        <li>
          <Link to={lp("/contact-us")}>{t("notFound.contact")}</Link>
        </li>
      </ul>
    </div>
  );
}

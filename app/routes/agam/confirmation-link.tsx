/**
 * /agam-registration/confirmation/{token}: the confirmation slip's own link, with a random
 * token (160 bits) shown once after registering and sent by text message. Unknown or
 * malformed tokens answer 404, telling nothing.
 */
import { data, Link } from "react-router";
import { confirmationOfReference } from "../../../modules/agam/second-factor.server";
import { openPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import { requestLocale, useLocalePath, useT } from "../../i18n";
import { agamMessages } from "../../messages/agam";
import { agamServerMessages } from "../../messages/agam-server";
import type { Route } from "./+types/confirmation-link";
import { ConfirmationSlip } from "./confirmation";
import { slipOf } from "./slip.server";
import "./agam.css";

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const t = translator(agamMessages, localeOfPath(location.pathname));
  const x = translator(agamServerMessages, localeOfPath(location.pathname));
  return [
    { title: `${loaderData?.slip ? t("agam.conf.metaTitle") : x("agam.link.notFound")} | ${COOPERATIVE.shortName}` },
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db } = services(context);
  const reference = await openPrivateLink(db, "agam-confirmation", params.token);
  const confirmation = reference ? await confirmationOfReference(db, reference) : undefined;
  if (!confirmation) return data({ slip: null, origin: "web" }, { status: 404 });
  return { slip: await slipOf(confirmation.confirmation, requestLocale(request)), origin: confirmation.origin };
}

export default function AgamConfirmationLink({ loaderData }: Route.ComponentProps) {
  const t = useT(agamMessages);
  const x = useT(agamServerMessages);
  const lp = useLocalePath();
  if (!loaderData.slip) {
    return (
      <div className="container page agam">
        <Breadcrumb items={[{ label: t("agam.title"), to: "/agam-registration" }, { label: t("agam.conf.crumb") }]} />
        <h1>{x("agam.link.notFound")}</h1>
        <p>{x("agam.link.text")}</p>
        <p>
          <Link className="button" to={lp("/agam-registration")}>
            {t("agam.conf.go")}
          </Link>
        </p>
      </div>
    );
  }
  return <ConfirmationSlip origin={loaderData.origin} slip={loaderData.slip} />;
}

/**
 * /agam-registration/confirmation/{token}: the confirmation slip's own link, with a random
 * token (160 bits) shown once after registering and sent by text message. Unknown or
 * malformed tokens answer 404, telling nothing.
 */
import { data, Link } from "react-router";
import { confirmationOfReference } from "../../../modules/agam/second-factor.server";
import { openPrivateLink } from "../../../modules/privacy/private-links.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { services } from "../../context";
import type { Route } from "./+types/confirmation-link";
import { ConfirmationSlip, slipOf } from "./confirmation";
import "./agam.css";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.slip ? "AGAM Registration Confirmation" : "Link not found"} | ${COOPERATIVE.shortName}` },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const reference = await openPrivateLink(db, "agam-confirmation", params.token);
  const confirmation = reference ? await confirmationOfReference(db, reference) : undefined;
  if (!confirmation) return data({ slip: null, origin: "web" }, { status: 404 });
  return { slip: await slipOf(confirmation.confirmation), origin: confirmation.origin };
}

export default function AgamConfirmationLink({ loaderData }: Route.ComponentProps) {
  if (!loaderData.slip) {
    return (
      <div className="container page agam">
        <Breadcrumb items={[{ label: "AGAM Registration", to: "/agam-registration" }, { label: "Confirmation" }]} />
        <h1>Link not found</h1>
        <p>
          This confirmation link is not valid. Open the link from your text message as it was sent, or see your confirmation with your
          account number and a code or PIN.
        </p>
        <p>
          <Link className="button" to="/agam-registration">
            Go to AGAM registration
          </Link>
        </p>
      </div>
    );
  }
  return <ConfirmationSlip origin={loaderData.origin} slip={loaderData.slip} />;
}

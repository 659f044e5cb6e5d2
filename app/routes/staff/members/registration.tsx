/** /staff/members/agam/registrations/:id: one member's registration and decisions (a view of personal data: audited). */
import { data, Link } from "react-router";
import { getRegistration } from "../../../../modules/agam/admin.server";
import { listTopics } from "../../../../modules/agam/pool.server";
import { districtTown } from "../../../../modules/agam/tally";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { idParam } from "../content/context.server";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/registration";
import { auditMember } from "./audit.server";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const id = idParam(args.params.id);
  const { db } = services(args.context);
  const registration = await getRegistration(db, id);
  if (!registration) throw data({ message: "No such registration." }, { status: 404 });
  await auditMember(args, me, { action: "agam_registration.viewed", objectType: "agam_registration", objectId: id });
  const topics = await listTopics(db);
  return { r: { ...registration, registeredAt: formatDateTime(registration.registeredAt) }, topics };
}

export const meta: Route.MetaFunction = () => consoleMeta("AGAM registration");

export default function Registration({ loaderData }: Route.ComponentProps) {
  const { r, topics } = loaderData;
  const title = new Map(topics.map((t) => [t.sequenceNumber, t.topic]));
  return (
    <>
      <p>
        <Link to="/staff/members/agam/registrations">← Registrations</Link>
      </p>
      <h1>{r.name}</h1>
      <dl className="console-card">
        <dt>Reference</dt>
        <dd>{r.reference}</dd>
        <dt>Account number</dt>
        <dd>{r.accountNumber}</dd>
        <dt>Membership number</dt>
        <dd>{r.membershipNumber}</dd>
        <dt>District</dt>
        <dd>
          {r.district} {districtTown(r.district)}
        </dd>
        <dt>Registered</dt>
        <dd>
          {r.registeredAt}, through {r.origin}
        </dd>
        <dt>Phone and e-mail given</dt>
        <dd>{[r.phone, r.email].filter(Boolean).join(", ") || "None"}</dd>
      </dl>
      <h2>Decisions</h2>
      <ol>
        {r.decisions.map((d) => (
          <li key={d.topicSequence} value={d.topicSequence}>
            {title.get(d.topicSequence)}: <strong>{d.value === 1 ? "Approve" : "Disapprove"}</strong>
            {d.reason ? `. Reason: ${d.reason}` : ""}
          </li>
        ))}
      </ol>
    </>
  );
}

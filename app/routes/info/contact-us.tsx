import type { Route } from "./+types/contact-us";
import { services } from "../../context";
import { listBranches, phoneHref } from "../../../core/branches";
import { COOPERATIVE } from "../../../core/constants";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import "./info.css";
import { withSocial } from "../../seo";

const pageTags: Route.MetaFunction = () => [
  { title: `Contact Us | ${COOPERATIVE.shortName}` },
  { name: "description", content: "Hotline, consumer welfare, area sub offices and technical services: phone numbers and offices." },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { branches: await listBranches(services(context).db) };
}

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container page info">
      <Breadcrumb items={[{ label: "Contact Us" }]} />
      <h1>Contact Us</h1>
      <p>
        For power outages and emergencies, call the hotline any time, day or night. E-mail: <a href={`mailto:${COOPERATIVE.email}`}>{COOPERATIVE.email}</a>.
      </p>
      <div className="table-wrap">
        {/* Explicit roles keep the table semantics when phones show each row as a card. */}
        <table className="contact-table" role="table">
          <caption className="visually-hidden">Offices and their phone numbers</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">Service</th>
              <th scope="col" role="columnheader">Office</th>
              <th scope="col" role="columnheader">Phone numbers</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {loaderData.branches.map((b) => (
              <tr key={b.name} role="row">
                <th scope="row" role="rowheader">{b.name}</th>
                <td role="cell" data-label="Office">
                  <strong>{b.officeName}</strong>
                  <br />
                  <span className="contact-table__address">{b.address}</span>
                </td>
                <td role="cell" data-label="Phone numbers">
                  <ul className="contact-table__phones">
                    {b.phones.map((p) => (
                      <li key={p}>
                        <a href={phoneHref(p)}>{p}</a>
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = (args) => withSocial(pageTags(args as never) as never, args);

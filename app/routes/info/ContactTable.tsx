/** The offices and their phone numbers, as the contact page shows them; the console's preview draws the same. */
import type { Branch } from "../../../modules/places/branches";
import { phoneHref } from "../../../modules/places/branches";
import "./info.css";

export function ContactTable({ branches }: { branches: Branch[] }) {
  return (
    <table className="contact-table">
      <caption className="visually-hidden">Offices and their phone numbers</caption>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Office</th>
          <th scope="col">Phone numbers</th>
        </tr>
      </thead>
      <tbody>
        {branches.map((b) => (
          <tr key={b.name}>
            <th scope="row">{b.name}</th>
            <td data-label="Office">
              <strong>{b.officeName}</strong>
              <br />
              <span className="contact-table__address">{b.address}</span>
            </td>
            <td data-label="Phone numbers">
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
  );
}

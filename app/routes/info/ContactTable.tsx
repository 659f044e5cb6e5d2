/** The offices and their phone numbers, as the contact page shows them; the console's preview draws the same. */
import type { Branch } from "../../../modules/places/branches";
import { phoneHref } from "../../../modules/places/branches";
import { useLocale, useT } from "../../i18n";
import { infoMessages } from "../../messages/info";
import "./info.css";

export function ContactTable({ branches }: { branches: Branch[] }) {
  const t = useT(infoMessages);
  // The offices' names and addresses are written by staff in English: said so, for screen readers on the Filipino page.
  const contentLang = useLocale() === "fil" ? "en" : undefined;
  return (
    <table className="contact-table">
      <caption className="visually-hidden">{t("contact.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("contact.service")}</th>
          <th scope="col">{t("contact.office")}</th>
          <th scope="col">{t("contact.phones")}</th>
        </tr>
      </thead>
      <tbody lang={contentLang}>
        {branches.map((b) => (
          <tr key={b.name}>
            <th scope="row">{b.name}</th>
            <td data-label={t("contact.office")}>
              <strong>{b.officeName}</strong>
              <br />
              <span className="contact-table__address">{b.address}</span>
            </td>
            <td data-label={t("contact.phones")}>
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

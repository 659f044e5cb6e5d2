import { data } from "react-router";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { Breadcrumb } from "../../components/ui/Breadcrumb";
import { PrintButton } from "../../components/ui/PrintButton";
import { type BlankField, type FormBlock, findPrintableForm } from "../../content/printable-forms";
import { formInLanguage } from "../../content/printable-forms-fil";
import { useLocale, useT } from "../../i18n";
import { serviceMessages } from "../../messages/service";
import { shellMessages } from "../../messages/shell";
import type { Route } from "./+types/printable-form";
import "./printable-form.css";
import { socialMeta } from "../../seo";

export function loader({ params }: Route.LoaderArgs) {
  const form = findPrintableForm(params.form);
  if (!form) throw data("Not found", { status: 404 });
  return { slug: form.slug };
}

const pageTags: Route.MetaFunction = ({ params, location }) => {
  const form = findPrintableForm(params.form ?? "");
  const fil = localeOfPath(location.pathname) === "fil";
  const t = translator(serviceMessages, fil ? "fil" : "en");
  return form
    ? [
        { title: `${fil ? form.titleFil : form.title} | ${COOPERATIVE.shortName}` },
        { name: "description", content: t("pf.description", { summary: fil ? form.summaryFil : form.summary }) },
      ]
    : [{ title: `${t("pf.notFound")} | ${COOPERATIVE.shortName}` }];
};

export default function PrintableFormPage({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  // The whole sheet in the page's language (a member fills it in the language they read).
  const form = formInLanguage(findPrintableForm(loaderData.slug)!, locale);
  const t = useT(serviceMessages);
  const sh = useT(shellMessages);
  return (
    <div className="container page printable">
      <Breadcrumb items={[{ label: sh("nav.requests"), to: "/service/request-complaint" }, { label: form.title }]} />
      <div className="printable__tools no-print">
        <p>{t("pf.instructions")}</p>
        <PrintButton label={t("pf.print")} />
      </div>
      <article className="sheet" aria-labelledby="form-title">
        <header className="sheet__head">
          <div>
            <p className="sheet__org">{COOPERATIVE.name}</p>
            <p className="sheet__address">
              {COOPERATIVE.address} · {COOPERATIVE.phone}
            </p>
          </div>
          <p className="sheet__code">{t("pf.code", { code: form.code })}</p>
        </header>
        <h1 id="form-title">{form.title}</h1>
        {form.blocks.map((block, i) => (
          <Block key={i} block={block} blank={t("pf.blank")} />
        ))}
      </article>
    </div>
  );
}

function Block({ block, blank }: { block: FormBlock; blank: string }) {
  const title = block.title ? <h2>{block.title}</h2> : null;
  switch (block.kind) {
    case "fields":
      return (
        <section className="sheet__block">
          {title}
          <div className="blanks">
            {block.fields.map((f) => (
              <Blank key={f.label} field={f} />
            ))}
          </div>
        </section>
      );
    case "text":
      return (
        <section className="sheet__block">
          {title}
          {block.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </section>
      );
    case "list": {
      const List = block.ordered ? "ol" : "ul";
      return (
        <section className="sheet__block">
          {title}
          <List className="sheet__list">
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </List>
        </section>
      );
    }
    case "checklist":
      return (
        <section className="sheet__block">
          {title}
          <ul className="sheet__checklist">
            {block.items.map((item) => (
              <li key={item}>
                <span className="sheet__box" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </section>
      );
    case "table":
      return (
        <section className="sheet__block">
          {title}
          <table className="sheet__table">
            <thead>
              <tr>
                {block.columns.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: block.rows }, (_, r) => (
                <tr key={r}>
                  {block.columns.map((c) => (
                    <td key={c}>
                      <span className="visually-hidden">{blank}</span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    case "values":
      return (
        <section className="sheet__block">
          {title}
          <table className="sheet__table sheet__values">
            <tbody>
              {block.rows.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
    case "signatures":
      return (
        <section className="sheet__block sheet__signatures">
          {title}
          {block.signers.map((s) => (
            <div className="signature" key={s.role}>
              <span className="signature__line" aria-hidden="true" />
              <span className="signature__role">{s.role}</span>
              {s.caption && <span className="signature__caption">{s.caption}</span>}
            </div>
          ))}
        </section>
      );
  }
}

function Blank({ field }: { field: BlankField }) {
  return (
    <div className={`blank blank--${field.span ?? 6}`}>
      <div className="blank__row">
        <span className="blank__label">{field.label}</span>
        <span className="blank__line" aria-hidden="true" />
      </div>
      {Array.from({ length: (field.lines ?? 1) - 1 }, (_, i) => (
        <span className="blank__line blank__line--extra" aria-hidden="true" key={i} />
      ))}
    </div>
  );
}

/** The page's own title and description, with the sharing tags added. */
export const meta: Route.MetaFunction = socialMeta(pageTags);

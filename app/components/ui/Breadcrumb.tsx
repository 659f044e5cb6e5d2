import { useLocalePath, useT } from "../../i18n";
import { shellMessages } from "../../messages/shell";

/** "Home › About › Company Profile"; the last item is the current page. Plain links: each loads a page as a document. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const t = useT(shellMessages);
  const lp = useLocalePath();
  const all = [{ label: t("nav.home"), to: "/" }, ...items];
  return (
    <nav className="breadcrumb" aria-label={t("shell.breadcrumb")}>
      <ol>
        {all.map((item, i) => (
          <li key={i}>
            {i < all.length - 1 && item.to ? <a href={lp(item.to)}>{item.label}</a> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

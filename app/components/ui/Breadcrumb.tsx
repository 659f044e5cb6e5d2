/** "Home › About › Company Profile"; the last item is the current page. Plain links: each loads a page as a document. */
export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const all = [{ label: "Home", to: "/" }, ...items];
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol>
        {all.map((item, i) => (
          <li key={i}>
            {i < all.length - 1 && item.to ? <a href={item.to}>{item.label}</a> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

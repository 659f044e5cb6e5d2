// Placeholder: replaced by the issue that owns this page.
export default function Page() {
  return (
    <div className="container page">
      <h1>faq</h1>
    </div>
  );
}

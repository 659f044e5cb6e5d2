// Placeholder: replaced by the issue that owns this page.
export default function Page() {
  return (
    <div className="container page">
      <h1>mco-login</h1>
    </div>
  );
}

// Placeholder: replaced by the issue that owns this page.
export default function Page() {
  return (
    <div className="container page">
      <h1>bill-inquiry</h1>
    </div>
  );
}

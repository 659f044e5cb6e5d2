// Placeholder: replaced by the issue that owns this page.
export default function Page() {
  return (
    <div className="container page">
      <h1>new-service-connection-summary</h1>
    </div>
  );
}

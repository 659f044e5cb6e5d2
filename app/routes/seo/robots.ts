// Placeholder: replaced by the issue that owns this resource.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

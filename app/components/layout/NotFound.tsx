import { Link } from "react-router";

export function NotFoundContent() {
  return (
    <div className="container page not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for is not here. It may have moved, or the address may have a typo.</p>
      <ul>
        <li>
          <Link to="/">Home</Link>
        </li>
        <li>
          <Link to="/news/power-interruptions">Power interruption schedules</Link>
        </li>
        <li>
          <Link to="/news/advisories">News and advisories</Link>
        </li>
        <li>
          <Link to="/contact-us">Contact us</Link>
        </li>
      </ul>
    </div>
  );
}

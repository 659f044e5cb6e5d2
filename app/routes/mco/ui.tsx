/** Small pieces every portal page shares: money, status, the portal's own header links. */

import { pesos } from "../../../modules/bills/money";
import type { BillStatus } from "../../../modules/bills/status";
import { BILL_STATUS_LABELS } from "../../../modules/bills/status";
import { MONTH_NAMES } from "../../../modules/shared/dates";

export const php = (cents: number) => `Php ${pesos(cents)}`;
export const kwhText = (n: number) => n.toLocaleString("en-PH", { maximumFractionDigits: 2 });
export const monthName = (year: number, month: number) => `${MONTH_NAMES[month - 1]} ${year}`;

export function StatusBadge({ status }: { status: BillStatus }) {
  return <span className={`portal-status portal-status--${status}`}>{BILL_STATUS_LABELS[status]}</span>;
}

/** The signed-in member's links: overview, my data, sign out (a form: signing out is a change). */
export function PortalBar() {
  return (
    <nav className="portal-bar" aria-label="Member portal">
      <a href="/mco">My accounts</a>
      <a href="/mco/my-data">My data</a>
      <a href="/mco/sign-out">Sign out everywhere</a>
      <form method="post" action="/mco/sign-out" className="portal-bar__out">
        <button type="submit" className="button button--secondary">
          Sign out
        </button>
      </form>
    </nav>
  );
}

export const ACCOUNT_PARAM = /^\d{2}-\d{4}-\d{4}$/;

/** The audit log's filter, read from a query string (the page and the export share it). */

import { manilaMidnight } from "../../../modules/shared/dates";
import type { AuditFilter } from "../../../modules/staff/audit.server";

export interface AuditQuery {
  actor: string;
  action: string;
  objectType: string;
  objectId: string;
  ip: string;
  from: string;
  to: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function manilaDay(value: string, plusDays = 0): Date | undefined {
  const m = DATE.exec(value);
  if (!m) return undefined;
  const d = manilaMidnight(Number(m[1]), Number(m[2]), Number(m[3]));
  return new Date(d.getTime() + plusDays * 86_400_000);
}

export function readAuditQuery(url: URL): { query: AuditQuery; filter: AuditFilter; errors: Record<string, string> } {
  const get = (k: string) => (url.searchParams.get(k) ?? "").trim().slice(0, 200);
  const query: AuditQuery = {
    actor: get("actor"),
    action: get("action"),
    objectType: get("objectType"),
    objectId: get("objectId"),
    ip: get("ip"),
    from: get("from"),
    to: get("to"),
  };
  const errors: Record<string, string> = {};
  const from = query.from ? manilaDay(query.from) : undefined;
  const to = query.to ? manilaDay(query.to, 1) : undefined;
  if (query.from && !from) errors.from = "Enter the date as YYYY-MM-DD.";
  if (query.to && !to) errors.to = "Enter the date as YYYY-MM-DD.";
  const filter: AuditFilter = {
    actor: query.actor || undefined,
    action: query.action || undefined,
    objectType: query.objectType || undefined,
    objectId: query.objectId || undefined,
    ip: query.ip || undefined,
    from,
    to,
  };
  return { query, filter, errors };
}

export function auditQueryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  return params.toString();
}

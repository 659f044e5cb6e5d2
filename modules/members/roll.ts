/**
 * The member roll as the cooperative exports it: one member account per CSV row. Every row
 * is checked here, before anything is stored (modules/members/roll.server.ts stores the good
 * ones). Pure: the unit tests and the seed call it without a database.
 */

import { townNamed } from "../places/towns";
import { normalizeAccountNumber } from "../shared/account-number";
import { AGAM_DISTRICTS, TOWNS, type Town } from "../shared/constants";
import { normalizeMobile } from "../shared/phone";

/** The roll's columns, in the order of the template; the header names them (any order, any case). */
export const ROLL_COLUMNS = ["account_number", "name", "membership_number", "address", "town", "district", "mobile_number"] as const;
export type RollColumn = (typeof ROLL_COLUMNS)[number];

export interface RollMember {
  accountNumber: string;
  name: string;
  membershipNumber: string;
  address: string;
  town: Town;
  district: number;
  area: "north" | "south";
  /** The mobile number on file as 09XXXXXXXXX, or null. */
  phone: string | null;
}

export interface RollRefusal {
  /** The line of the file (the header is line 1). */
  line: number;
  accountNumber: string;
  reason: string;
}

export type RollCheck =
  | { ok: true; members: RollMember[]; refused: RollRefusal[] }
  /** Not a roll at all (no header with the roll's columns, or no rows): nothing may be stored. */
  | { ok: false; error: string };

const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/** Reads the header: the column index of each roll column, or what is missing. */
export function rollHeader(cells: string[]): { index: Record<RollColumn, number> } | { missing: RollColumn[] } {
  const keys = cells.map(headerKey);
  const missing = ROLL_COLUMNS.filter((c) => !keys.includes(c));
  if (missing.length) return { missing };
  return { index: Object.fromEntries(ROLL_COLUMNS.map((c) => [c, keys.indexOf(c)])) as Record<RollColumn, number> };
}

/** Checks one row; a member or the reason it is refused. */
export function checkRollRow(cells: string[], index: Record<RollColumn, number>): RollMember | string {
  const get = (c: RollColumn) => (cells[index[c]] ?? "").trim();
  const accountNumber = normalizeAccountNumber(get("account_number"));
  if (!accountNumber) return "account number must be like 01-1000-4568";
  const name = get("name");
  if (!name) return "name is empty";
  if (name.length > 200) return "name is longer than 200 characters";
  const membershipNumber = get("membership_number");
  if (!membershipNumber) return "membership number is empty";
  if (membershipNumber.length > 40) return "membership number is longer than 40 characters";
  const address = get("address");
  if (!address) return "address is empty";
  if (address.length > 300) return "address is longer than 300 characters";
  const townCell = get("town");
  const town = townNamed(townCell);
  if (!town) return `town "${townCell}" is not one of ${TOWNS.join(", ")}`;
  const districtCell = get("district");
  const district = AGAM_DISTRICTS.find((d) => String(d.district) === districtCell);
  if (!district) return `district "${districtCell}" must be a number from 1 to 9`;
  if (district.town !== town) return `district ${district.district} is ${district.town}, not ${town}`;
  const mobileCell = get("mobile_number");
  let phone: string | null = null;
  if (mobileCell) {
    const normalized = normalizeMobile(mobileCell);
    if (!normalized) return `mobile number "${mobileCell}" is not a Philippine mobile number like 0917 123 4567`;
    phone = `0${normalized.slice(2)}`;
  }
  return { accountNumber, name, membershipNumber, address, town, district: district.district, area: district.area, phone };
}

/**
 * Checks a whole roll already split into cells (the first row is the header). Rows that
 * repeat an account number or give another account's membership number are refused.
 */
export function checkRoll(rows: string[][]): RollCheck {
  const header = rows[0];
  if (!header) return { ok: false, error: "The file is empty." };
  const read = rollHeader(header);
  if ("missing" in read)
    return {
      ok: false,
      error: `This is not a member roll: the first line must name the columns ${ROLL_COLUMNS.join(", ")} (missing: ${read.missing.join(", ")}).`,
    };
  const members: RollMember[] = [];
  const refused: RollRefusal[] = [];
  const accounts = new Set<string>();
  const membershipOwner = new Map<string, string>();
  for (let i = 1; i < rows.length; i++) {
    const cells = rows[i]!;
    if (cells.every((c) => c.trim() === "")) continue;
    const line = i + 1;
    const checked = checkRollRow(cells, read.index);
    const accountNumber = typeof checked === "string" ? (cells[read.index.account_number] ?? "").trim() : checked.accountNumber;
    if (typeof checked === "string") {
      refused.push({ line, accountNumber, reason: checked });
      continue;
    }
    if (accounts.has(checked.accountNumber)) {
      refused.push({ line, accountNumber, reason: "account number appears earlier in the file" });
      continue;
    }
    const owner = membershipOwner.get(checked.membershipNumber);
    if (owner) {
      refused.push({
        line,
        accountNumber,
        reason: `membership number ${checked.membershipNumber} is also on account ${owner} earlier in the file`,
      });
      continue;
    }
    accounts.add(checked.accountNumber);
    membershipOwner.set(checked.membershipNumber, checked.accountNumber);
    members.push(checked);
  }
  if (members.length === 0 && refused.length === 0) return { ok: false, error: "The file has a header but no member rows." };
  return { ok: true, members, refused };
}

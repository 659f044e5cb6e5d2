/**
 * The organizational structure (spec: static content). Member-consumer-owners
 * elect the Board of Directors, who appoint the General Manager, who leads six departments.
 */
export interface Department {
  code: string;
  name: string;
  summary: string;
  positions: string[];
}

export const ORG_LEVELS = ["Member Consumer Owners", "Board of Directors", "General Manager"] as const;

export const DEPARTMENTS: readonly Department[] = [
  {
    code: "CPETITD",
    name: "Corporate Planning, Energy Trading and Information Technology Department",
    summary: "Plans the network's growth, buys power for the members and runs the cooperative's computer systems.",
    positions: [
      "Department Manager",
      "Corporate Planning Supervisor",
      "Energy Trading Officer",
      "Power Supply Analyst",
      "IT Supervisor",
      "Systems Developer",
      "Network and Systems Administrator",
      "Data Analyst",
    ],
  },
  {
    code: "IAD",
    name: "Internal Audit Department",
    summary: "Checks that every peso and every process follows the cooperative's policies.",
    positions: ["Internal Audit Manager", "Financial Audit Supervisor", "Operations Auditor", "Technical Auditor", "Audit Assistant"],
  },
  {
    code: "FSD",
    name: "Finance Services Department",
    summary: "Bills, collects, pays and accounts for the cooperative's money.",
    positions: [
      "Finance Services Manager",
      "Accounting Supervisor",
      "Billing Supervisor",
      "Cashiering Supervisor",
      "General Accountant",
      "Billing Analyst",
      "Cashier",
      "Teller",
      "Meter Reader",
    ],
  },
  {
    code: "ISD",
    name: "Institutional Services Department",
    summary: "Looks after members, employees, records and the cooperative's offices.",
    positions: [
      "Institutional Services Manager",
      "Human Resource Supervisor",
      "Member Services Supervisor",
      "Public Relations Officer",
      "Consumer Welfare Officer",
      "Records Officer",
      "Property and Purchasing Officer",
      "Driver and Utility Staff",
    ],
  },
  {
    code: "TSD",
    name: "Technical Services Department",
    summary: "Builds, operates and repairs substations and distribution lines.",
    positions: [
      "Technical Services Manager",
      "Engineering Supervisor",
      "Operations and Maintenance Supervisor",
      "Substation Supervisor",
      "Metering Supervisor",
      "Line Foreman",
      "Lineman",
      "Substation Operator",
      "Meter Technician",
      "Electrical Technician",
    ],
  },
  {
    code: "AOD",
    name: "Area Operations Department",
    summary: "Serves members through the north and south area offices, day and night.",
    positions: [
      "Area Operations Manager",
      "North Area Supervisor",
      "South Area Supervisor",
      "Area Member Services Officer",
      "Area Collector",
      "Line Crew Leader",
      "Lineman",
      "Dispatcher",
    ],
  },
];

export function findDepartment(code: string | null | undefined): Department | undefined {
  if (!code) return undefined;
  return DEPARTMENTS.find((d) => d.code === code.toUpperCase());
}

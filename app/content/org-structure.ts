/**
 * The organizational structure (spec: static content). Member-consumer-owners
 * elect the Board of Directors, who appoint the General Manager, who leads six departments.
 */
export interface Department {
  code: string;
  name: string;
  /** The name and summary in Filipino (the page's other language); job titles stay as the cooperative writes them. */
  nameFil: string;
  summary: string;
  summaryFil: string;
  positions: string[];
}

export const DEPARTMENTS: readonly Department[] = [
  {
    code: "CPETITD",
    name: "Corporate Planning, Energy Trading and Information Technology Department",
    nameFil: "Departamento ng Corporate Planning, Energy Trading at Information Technology",
    summary: "Plans the network's growth, buys power for the members and runs the cooperative's computer systems.",
    summaryFil:
      "Nagpaplano ng paglago ng linya, bumibili ng kuryente para sa mga miyembro at nagpapatakbo ng mga computer system ng kooperatiba.",
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
    nameFil: "Departamento ng Internal Audit",
    summary: "Checks that every peso and every process follows the cooperative's policies.",
    summaryFil: "Tinitiyak na bawat piso at bawat proseso ay sumusunod sa mga patakaran ng kooperatiba.",
    positions: ["Internal Audit Manager", "Financial Audit Supervisor", "Operations Auditor", "Technical Auditor", "Audit Assistant"],
  },
  {
    code: "FSD",
    name: "Finance Services Department",
    nameFil: "Departamento ng Finance Services",
    summary: "Bills, collects, pays and accounts for the cooperative's money.",
    summaryFil: "Naghahanda ng bill, naniningil, nagbabayad at nagtutuos ng pera ng kooperatiba.",
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
    nameFil: "Departamento ng Institutional Services",
    summary: "Looks after members, employees, records and the cooperative's offices.",
    summaryFil: "Nag-aasikaso sa mga miyembro, empleyado, rekord at mga tanggapan ng kooperatiba.",
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
    nameFil: "Departamento ng Technical Services",
    summary: "Builds, operates and repairs substations and distribution lines.",
    summaryFil: "Nagtatayo, nagpapatakbo at nagkukumpuni ng mga substation at linya ng kuryente.",
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
    nameFil: "Departamento ng Area Operations",
    summary: "Serves members through the north and south area offices, day and night.",
    summaryFil: "Naglilingkod sa mga miyembro sa mga tanggapan ng hilaga at timog na area, araw at gabi.",
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

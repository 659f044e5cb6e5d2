/** Demo "Where to pay": the cooperative's offices, its collectors, partner outlets and e-wallets, in English and Filipino. */
import type { PAYMENT_PLACE_KINDS } from "../db/schema/enum-values";

interface DemoPlace {
  kind: (typeof PAYMENT_PLACE_KINDS)[number];
  name: string;
  details: string[];
  fil: { name: string; details: string[] };
}

export const PAYMENT_PLACES: DemoPlace[] = [
  {
    kind: "office",
    name: "Main Office, Bani",
    details: ["National Road, Poblacion, Bani", "Monday to Friday 8:00 AM to 5:00 PM, Saturday 8:00 AM to 12 noon"],
    fil: {
      name: "Punong Tanggapan, Bani",
      details: [
        "National Road, Poblacion, Bani",
        "Lunes hanggang Biyernes 8:00 AM hanggang 5:00 PM, Sabado 8:00 AM hanggang 12 ng tanghali",
      ],
    },
  },
  {
    kind: "office",
    name: "Alaminos Collection Office",
    details: ["Marcos Avenue, Poblacion, Alaminos City", "Monday to Saturday 8:00 AM to 5:00 PM"],
    fil: {
      name: "Tanggapang Bayaran sa Alaminos",
      details: ["Marcos Avenue, Poblacion, Alaminos City", "Lunes hanggang Sabado 8:00 AM hanggang 5:00 PM"],
    },
  },
  {
    kind: "office",
    name: "Bolinao Area Office",
    details: ["Rizal Street, Germinal (Poblacion), Bolinao", "Monday to Friday 8:00 AM to 5:00 PM"],
    fil: {
      name: "Tanggapan sa Bolinao",
      details: ["Rizal Street, Germinal (Poblacion), Bolinao", "Lunes hanggang Biyernes 8:00 AM hanggang 5:00 PM"],
    },
  },
  {
    kind: "office",
    name: "Dasol Area Office",
    details: ["National Road, Poblacion, Dasol", "Monday to Friday 8:00 AM to 5:00 PM"],
    fil: {
      name: "Tanggapan sa Dasol",
      details: ["National Road, Poblacion, Dasol", "Lunes hanggang Biyernes 8:00 AM hanggang 5:00 PM"],
    },
  },
  {
    kind: "collector",
    name: "Barangay collectors",
    details: [
      "A collector comes to each barangay hall on the same days every month; the days are posted at the hall.",
      "Ask for the official receipt and the collector's ID.",
    ],
    fil: {
      name: "Mga kolektor sa barangay",
      details: [
        "May kolektor na pumupunta sa bawat barangay hall sa parehong mga araw bawat buwan; nakapaskil sa hall ang mga araw.",
        "Hingin ang opisyal na resibo at ang ID ng kolektor.",
      ],
    },
  },
  {
    kind: "outlet",
    name: "Bayad Center",
    details: ["Branches in Alaminos City, Bolinao and Dasol", "Give your account number; the outlet may charge a service fee."],
    fil: {
      name: "Bayad Center",
      details: [
        "May sangay sa Alaminos City, Bolinao at Dasol",
        "Ibigay ang numero ng account; maaaring may singil sa serbisyo ang outlet.",
      ],
    },
  },
  {
    kind: "outlet",
    name: "ECPay partner stores",
    details: ["Stores and pharmacies with the ECPay sign in every town"],
    fil: { name: "Mga tindahang partner ng ECPay", details: ["Mga tindahan at botika na may karatulang ECPay sa bawat bayan"] },
  },
  {
    kind: "wallet",
    name: "GCash",
    details: ["Bills, then Electric Utilities, then WESPECO", "Reference: your account number, like 01-1000-4568"],
    fil: {
      name: "GCash",
      details: ["Bills, saka Electric Utilities, saka WESPECO", "Reference: ang numero ng inyong account, gaya ng 01-1000-4568"],
    },
  },
  {
    kind: "wallet",
    name: "Maya",
    details: ["Bills, then Electricity, then Western Pangasinan Electric Cooperative", "Reference: your account number"],
    fil: {
      name: "Maya",
      details: ["Bills, saka Electricity, saka Western Pangasinan Electric Cooperative", "Reference: ang numero ng inyong account"],
    },
  },
];

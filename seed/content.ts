/** The demo content's words: realistic enough that every page and state can be seen. */
import type { Town } from "../modules/shared/constants";

export const BARANGAYS: Record<Town, string[]> = {
  Bolinao: [
    "Germinal (Poblacion)",
    "Patar",
    "Victory",
    "Luciente I",
    "Luciente II",
    "Lucero",
    "Ilog-Malino",
    "Balingasay",
    "Concordia",
    "Dewey",
    "Estanza",
    "Zaragoza",
    "Arnedo",
    "Binabalian",
  ],
  Anda: ["Poblacion", "Imbo", "Tondol", "Awag", "Macaleeng", "Namagbagan", "Carot", "Dolaoan", "Siapar", "Bolingit"],
  Bani: [
    "Poblacion",
    "Ambabaay",
    "Aporao",
    "Banog Norte",
    "Banog Sur",
    "Centro Toma",
    "Colayo",
    "Dacap Norte",
    "Dacap Sur",
    "Garrita",
    "San Jose",
    "San Simon",
    "Tiep",
    "Quinaoayanan",
  ],
  Agno: [
    "Poblacion East",
    "Poblacion West",
    "Allabon",
    "Aloleng",
    "Baruan",
    "Boboy",
    "Cayungnan",
    "Dangley",
    "Gayusan",
    "Macaboboni",
    "Magsaysay",
    "Sabangan",
    "San Juan",
    "Tupa",
    "Viga",
  ],
  Alaminos: [
    "Poblacion",
    "Lucap",
    "Bolaney",
    "Pandan",
    "Palamis",
    "Amandiego",
    "Bued",
    "Tanaytay",
    "Telbang",
    "Victoria",
    "Linmansangan",
    "Sabangan",
    "Dulacac",
    "Mona",
    "Pangapisan",
  ],
  Burgos: [
    "Poblacion",
    "Anapao",
    "Cacayasen",
    "Concordia",
    "Ilio-ilio",
    "Papallasen",
    "Pogoruac",
    "Don Matias",
    "San Miguel",
    "San Pascual",
    "Sapa Grande",
    "Sapa Pequeña",
    "Tambacan",
  ],
  Mabini: [
    "Poblacion",
    "Bacnit",
    "Barlo",
    "Caabiangaan",
    "Cabanaetan",
    "Cabinuangan",
    "Calzada",
    "Caranglaan",
    "De Guzman",
    "Luna",
    "Mabalbalino",
    "Nibaliw",
    "San Pedro",
    "Tagudin",
  ],
  Dasol: [
    "Poblacion",
    "Alilao",
    "Amalbalan",
    "Bobonot",
    "Eguia",
    "Gais-Guipe",
    "Hermosa",
    "Macalang",
    "Magsaysay",
    "Malacapas",
    "Malimpin",
    "Osmeña",
    "Petal",
    "San Vicente",
    "Tambac",
    "Uli",
  ],
  Infanta: [
    "Poblacion",
    "Babuyan",
    "Bamban",
    "Batang",
    "Bayambang",
    "Cato",
    "Doliman",
    "Nayom",
    "Pita",
    "Potol",
    "Bolo",
    "Cabangaran",
    "Inmalog",
    "Laoag",
    "Maya",
    "Nangalisan",
  ],
};

export const ABOUT = {
  profile: {
    year: 2026,
    content: `<h2>Who we are</h2>
<p>The Western Pangasinan Electric Cooperative, Inc. holds the franchise for electric light and power services in the City of Alaminos and the towns of Bolinao, Anda, Bani, Agno, Burgos, Mabini, Dasol and Infanta. Registered in 1975 under Presidential Decree 269, it has grown from a few hundred connections along the national road to more than ninety-five thousand member-consumer-owners.</p>
<h3>Our franchise area</h3>
<p>Our lines run from the coves of Bolinao and the islands of Anda down to the salt beds of Dasol and the hills of Infanta: 1,500 kilometres of distribution lines, six substations and four area offices.</p>
<h3>What we do</h3>
<ul><li>Distribute electricity to residential, commercial and industrial members.</li><li>Build and maintain sub-transmission and distribution lines.</li><li>Respond to outages day and night, typhoon season included.</li></ul>`,
  },
  mission: `<p>To provide our member-consumer-owners safe, reliable and affordable electric service, delivered with courtesy and care, through a competent workforce and sound cooperative governance.</p>`,
  vision: `<p>By 2030, the most trusted electric cooperative in Northern Luzon: every household in western Pangasinan energized, every member served as an owner.</p>`,
  core: `<ul><li><strong>Integrity</strong>: we do what we say and account for every peso.</li><li><strong>Service</strong>: the member comes first, in calm and in storm.</li><li><strong>Safety</strong>: no job is so urgent that it cannot be done safely.</li><li><strong>Teamwork</strong>: one cooperative, from the lineman to the board.</li><li><strong>Excellence</strong>: we measure, learn and improve.</li></ul>`,
};

/** The about-us texts in Filipino (the /fil/ pages show these). */
export const ABOUT_FIL = {
  profile: `<h2>Sino kami</h2>
<p>Hawak ng Western Pangasinan Electric Cooperative, Inc. ang prangkisa sa serbisyo ng kuryente sa Lungsod ng Alaminos at sa mga bayan ng Bolinao, Anda, Bani, Agno, Burgos, Mabini, Dasol at Infanta. Nakarehistro noong 1975 sa ilalim ng Presidential Decree 269, lumaki ito mula sa ilang daang koneksyon sa tabi ng pambansang daan hanggang sa mahigit siyamnapu't limang libong member-consumer-owner.</p>
<h3>Ang aming sakop</h3>
<p>Umaabot ang aming mga linya mula sa mga look ng Bolinao at mga pulo ng Anda hanggang sa mga asinan ng Dasol at mga burol ng Infanta: 1,500 kilometro ng linya ng distribusyon, anim na substation at apat na tanggapan sa mga lugar.</p>
<h3>Ang aming ginagawa</h3>
<ul><li>Naghahatid ng kuryente sa mga miyembrong residensyal, komersyal at industriyal.</li><li>Nagtatayo at nangangalaga ng mga linya ng sub-transmission at distribusyon.</li><li>Tumutugon sa pagkawala ng kuryente araw at gabi, pati sa panahon ng bagyo.</li></ul>`,
  mission: `<p>Maghatid sa aming mga member-consumer-owner ng ligtas, maaasahan at abot-kayang serbisyo ng kuryente, nang may paggalang at malasakit, sa tulong ng mahuhusay na kawani at maayos na pamamahala ng kooperatiba.</p>`,
  vision: `<p>Pagsapit ng 2030, ang pinakapinagkakatiwalaang electric cooperative sa Hilagang Luzon: may kuryente ang bawat tahanan sa kanlurang Pangasinan, at pinaglilingkuran ang bawat miyembro bilang may-ari.</p>`,
  core: `<ul><li><strong>Katapatan</strong>: ginagawa namin ang aming sinasabi at may pananagutan kami sa bawat piso.</li><li><strong>Serbisyo</strong>: una ang miyembro, sa tahimik man o sa bagyo.</li><li><strong>Kaligtasan</strong>: walang gawaing sobrang madalian para hindi gawin nang ligtas.</li><li><strong>Pagtutulungan</strong>: iisang kooperatiba, mula sa lineman hanggang sa lupon.</li><li><strong>Kahusayan</strong>: sinusukat namin, natututo at bumubuti.</li></ul>`,
};

export const BRANCHES = [
  {
    name: "Hotline / Consumer Welfare",
    officeName: "Main Office",
    address: "National Road, Poblacion, Bani, Pangasinan",
    phones: ["0917 555 0101", "0998 555 0102", "(075) 553-0123"],
  },
  {
    name: "North Area Sub Office",
    officeName: "Bolinao Area Office",
    address: "Rizal Street, Germinal (Poblacion), Bolinao, Pangasinan",
    phones: ["0917 555 0201", "(075) 554-2210"],
  },
  {
    name: "South Area Sub Office",
    officeName: "Dasol Area Office",
    address: "National Road, Poblacion, Dasol, Pangasinan",
    phones: ["0917 555 0301", "0998 555 0302"],
  },
  {
    name: "Technical Services",
    officeName: "Alaminos Engineering Office",
    address: "Marcos Avenue, Poblacion, Alaminos City, Pangasinan",
    phones: ["0917 555 0401", "(075) 551-4420"],
  },
];

export const BID_TITLES = [
  "Supply and Delivery of 15 kVA Distribution Transformers",
  "Supply and Delivery of Concrete Poles (40 ft and 45 ft)",
  "Rehabilitation of the Bani–Agno 13.2 kV Line",
  "Supply of ACSR Conductors #1/0 and #4/0",
  "Supply and Delivery of kWh Meters (Single Phase, Class 100)",
  "Construction of the Dasol Area Office Warehouse",
  "Supply of Service Vehicles (Boom Truck, 2 Units)",
];

export const ADVISORY_TITLES = [
  "Typhoon advisory: crews on standby across all area offices",
  "Payment centers open this Saturday for the bill deadline",
  "Reminder on the Lifeline Rate Subsidy application",
  "Beware of persons posing as cooperative meter readers",
  "Schedule of the Annual General Membership Assembly",
  "New online payment partners for your electric bill",
  "Holiday schedule of the main and area offices",
];

export const CAREER_TITLES = [
  "Lineman I",
  "Billing Clerk",
  "Electrical Engineer (Distribution Planning)",
  "Meter Reader",
  "IT Support Specialist",
];

/** The same job titles in Filipino, in the same order. */
export const CAREER_TITLES_FIL = [
  "Lineman I",
  "Klerk sa Billing",
  "Electrical Engineer (Pagpaplano ng Distribusyon)",
  "Tagabasa ng Metro",
  "Espesyalista sa IT Support",
];

export const NEWS = {
  "electricity-rates": [
    "Lower generation charge this month",
    "Rate adjustment explained: system loss and transmission",
    "Feed-in tariff allowance update",
    "Universal charge for missionary electrification",
  ],
  "events-and-activities": [
    "Tree planting along the Bolinao–Anda line",
    "Coastal clean-up with the Alaminos youth",
    "Lineman's Day 2026 celebration",
    "Barangay power safety seminar in Infanta",
    "Annual General Membership Assembly highlights",
  ],
  "invitation-to-bid": ["Bid bulletin: transformer supply", "Pre-bid conference for pole supply"],
  "supply-and-load-demand": [
    "Power supply outlook for the dry season",
    "Peak demand reached 62 MW in May",
    "Competitive selection process for baseload supply",
  ],
} as const;

export const ACTIVITIES = [
  "Replacement of rotten poles and re-conductoring",
  "Preventive maintenance of the substation power transformer",
  "Tree trimming along the three-phase line",
  "Installation of line reclosers and load-break switches",
  "Upgrading of distribution transformers",
  "Relocation of poles for the DPWH road widening",
  "Energization of the new feeder line",
];

export const FIRST_NAMES = [
  "Maria",
  "Jose",
  "Juan",
  "Rosalinda",
  "Eduardo",
  "Lourdes",
  "Ramon",
  "Teresita",
  "Ricardo",
  "Corazon",
  "Fernando",
  "Imelda",
  "Rogelio",
  "Marites",
  "Danilo",
  "Evangeline",
  "Romeo",
  "Leticia",
  "Arnel",
  "Josefina",
];
export const LAST_NAMES = [
  "Dela Cruz",
  "Reyes",
  "Santos",
  "Garcia",
  "Mendoza",
  "Rabago",
  "Caasi",
  "Rivera",
  "De Guzman",
  "Soriano",
  "Aquino",
  "Ramos",
  "Castillo",
  "Villanueva",
  "Fernandez",
  "Bautista",
  "Cabrera",
  "Navarro",
  "Estrada",
  "Tolentino",
];

export const TOPICS = [
  {
    topic: "Approval of the Minutes of the 2025 AGMA",
    description: "The minutes of the Annual General Membership Assembly held on 26 April 2025 at the Alaminos City Sports Complex.",
  },
  {
    topic: "Approval of the 2025 Annual Report",
    description:
      "The report of the Board of Directors and Management on operations, finances and the audited financial statements for 2025.",
  },
  {
    topic: "Ratification of Board Resolutions for 2025",
    description:
      "The resolutions adopted by the Board of Directors in 2025, including the capital expenditure plan and the system loss reduction program.",
  },
  {
    topic: "Amendment of Article IV of the By-Laws",
    description: "Holding district elections by mail and online ballot in addition to voting in person.",
  },
  {
    topic: "Approval of the 2027–2030 Capital Expenditure Program",
    description: "Line rehabilitation, two new substations in Mabini and Anda, and smart meters for commercial members.",
  },
];

export const GALLERY = [
  { caption: "Consumers", alt: "Members lining up at the Bani main office payment windows", scene: "day" },
  { caption: "Employees", alt: "Cooperative employees in uniform at the annual assembly", scene: "office" },
  { caption: "Substations", alt: "The Alaminos 10 MVA substation at dawn", scene: "dawn" },
  { caption: "Area Offices", alt: "The Dasol area office building", scene: "sea" },
  { caption: "24/7 Services", alt: "A line crew restoring power at dusk after a storm", scene: "dusk" },
  { caption: "Board of Directors", alt: "The Board of Directors in session", scene: "office" },
] as const;

/** The gallery's captions and descriptions in Filipino, in the same order. */
export const GALLERY_FIL = [
  { caption: "Mga Miyembro", alt: "Mga miyembrong nakapila sa mga bayaran ng punong tanggapan sa Bani" },
  { caption: "Mga Kawani", alt: "Mga kawani ng kooperatiba na naka-uniporme sa taunang pagpupulong" },
  { caption: "Mga Substation", alt: "Ang 10 MVA na substation sa Alaminos sa madaling-araw" },
  { caption: "Mga Tanggapan sa mga Lugar", alt: "Ang gusali ng tanggapan sa Dasol" },
  { caption: "Serbisyong 24/7", alt: "Isang line crew na nagbabalik ng kuryente sa takipsilim pagkatapos ng bagyo" },
  { caption: "Lupon ng mga Direktor", alt: "Ang Lupon ng mga Direktor sa isang pulong" },
] as const;

export const PARTNERS = [
  { name: "National Electrification Administration", initials: "NEA", color: "#1d4ed8" },
  { name: "Energy Regulatory Commission", initials: "ERC", color: "#b91c1c" },
  { name: "Department of Energy", initials: "DOE", color: "#047857" },
  { name: "Philippine Rural Electric Cooperatives Association", initials: "PHILRECA", color: "#7c3aed" },
  { name: "National Grid Corporation of the Philippines", initials: "NGCP", color: "#0369a1" },
  { name: "Independent Electricity Market Operator", initials: "IEMOP", color: "#c2410c" },
  { name: "Power Sector Assets and Liabilities Management", initials: "PSALM", color: "#0f766e" },
];

export const GENERATION_SOURCES = [
  { name: "Masinloc Power Partners (PSA)", queue: 1, share: 0.42 },
  { name: "GNPower Dinginin (PSA)", queue: 2, share: 0.28 },
  { name: "Wholesale Electricity Spot Market", queue: 3, share: 0.18 },
  { name: "Bolinao Solar Farm (Embedded)", queue: 4, share: 0.08 },
  { name: "Net Metering Customers", queue: 5, share: 0.04 },
];

/**
 * The Filipino versions staff would write of the demo content above (decision 0030's
 * translations), so that /fil/ reads Filipino from a fresh start. Same order as the English.
 */
export const BID_TITLES_FIL = [
  "Pagsusuplay at Paghahatid ng 15 kVA na Distribution Transformer",
  "Pagsusuplay at Paghahatid ng mga Kongkretong Poste (40 ft at 45 ft)",
  "Pagsasaayos ng 13.2 kV na Linya ng Bani–Agno",
  "Pagsusuplay ng mga ACSR Conductor #1/0 at #4/0",
  "Pagsusuplay at Paghahatid ng mga kWh Meter (Single Phase, Class 100)",
  "Pagtatayo ng Bodega ng Area Office sa Dasol",
  "Pagsusuplay ng mga Sasakyang Pangserbisyo (Boom Truck, 2 Yunit)",
];

export const ADVISORY_TITLES_FIL = [
  "Abiso sa bagyo: nakahanda ang mga crew sa lahat ng area office",
  "Bukas ang mga payment center ngayong Sabado para sa huling araw ng bayad",
  "Paalala tungkol sa aplikasyon para sa Lifeline Rate Subsidy",
  "Mag-ingat sa mga nagpapanggap na meter reader ng kooperatiba",
  "Iskedyul ng Taunang Pangkalahatang Pulong ng mga Miyembro",
  "Mga bagong katuwang sa online na pagbabayad ng inyong bill sa kuryente",
  "Iskedyul ng main office at mga area office sa mga pista opisyal",
];

export const NEWS_FIL: Record<keyof typeof NEWS, readonly string[]> = {
  "electricity-rates": [
    "Mas mababang generation charge ngayong buwan",
    "Paliwanag sa pagbabago ng singil: system loss at transmission",
    "Update sa feed-in tariff allowance",
    "Universal charge para sa missionary electrification",
  ],
  "events-and-activities": [
    "Pagtatanim ng puno sa tabi ng linya ng Bolinao–Anda",
    "Paglilinis ng baybayin kasama ang kabataan ng Alaminos",
    "Pagdiriwang ng Araw ng mga Lineman 2026",
    "Seminar sa ligtas na paggamit ng kuryente sa mga barangay ng Infanta",
    "Mga tampok sa Taunang Pangkalahatang Pulong ng mga Miyembro",
  ],
  "invitation-to-bid": ["Bid bulletin: suplay ng transformer", "Pre-bid conference para sa suplay ng poste"],
  "supply-and-load-demand": [
    "Pagtanaw sa suplay ng kuryente sa tag-araw",
    "Umabot sa 62 MW ang pinakamataas na demand noong Mayo",
    "Competitive selection process para sa baseload na suplay",
  ],
};

export const ACTIVITIES_FIL = [
  "Pagpapalit ng mga bulok na poste at ng mga kawad",
  "Preventive maintenance ng power transformer ng substation",
  "Pagpuputol ng mga sanga sa tabi ng three-phase na linya",
  "Pagkakabit ng mga line recloser at load-break switch",
  "Pag-upgrade ng mga distribution transformer",
  "Paglilipat ng mga poste para sa pagpapalapad ng kalsada ng DPWH",
  "Pagpapailaw ng bagong feeder line",
];

/** A bid's, an advisory's and a news item's Filipino text, as the English ones are made. */
export const bidBodyFil = (title: string) =>
  `<p>Iniimbitahan ng kooperatiba ang mga kwalipikadong supplier na mag-bid para sa: <strong>${title}</strong>.</p>`;
export const newsBodyFil = (title: string) =>
  `<p>${title}.</p><p>Ibinabahagi ito ng kooperatiba sa mga miyembro-konsyumer-may-ari nito. Para sa mga tanong, tumawag sa hotline o pumunta sa pinakamalapit na area office.</p>`;

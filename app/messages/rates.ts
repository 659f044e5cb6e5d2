/** The electricity rates page and its bill estimator. */
import { defineMessages } from "../../modules/shared/i18n";

export const rateMessages = defineMessages({
  en: {
    "rates.title": "Electricity Rates",
    "rates.titleFor": (p: { month: string }) => `Electricity Rates for ${p.month}`,
    "rates.description":
      "Official electricity rates per kWh (Residential, Commercial, High Voltage), the breakdown of the generation charge, rate history, a CSV download and a bill estimator.",
    "rates.month.choose": "Choose a month",
    "rates.month.error": (p: { year: boolean; month: boolean; first: number; last: number }) =>
      `We could not read that month (${[
        p.year ? `the year must be ${p.first} to ${p.last}` : "",
        p.month ? "the month must be 1 to 12" : "",
      ]
        .filter(Boolean)
        .join(" and ")}), so this month's rates are shown.`,
    "rates.officialName": "The name printed on your bill",
    "rates.year": "Year",
    "rates.month": "Month",
    "rates.show": "Show rates",
    "rates.official": (p: { month: string }) => `Official Rates, ${p.month}`,
    "rates.csv": "Download CSV",
    "rates.csv.of": (p: { month: string }) => ` of ${p.month}`,
    "rates.official.caption": (p: { month: string }) => `Official rates for ${p.month}, in pesos per kWh`,
    "rates.col.type": "Type",
    "rates.col.description": "Description",
    "rates.col.rate": "Rate (Php/kWh)",
    "rates.none": "No rates found for this month!",
    "rates.noCharges": "No generation charges were published for this month.",
    "rates.type.R": "Residential",
    "rates.type.LV": "Commercial",
    "rates.type.HV": "High Voltage",
    "rates.generation": (p: { month: string }) => `Breakdown of Generation Charge, ${p.month}`,
    "rates.scroll": "Scroll the table sideways to see every column.",
    "rates.generation.region": "Generation charge table, scrolls sideways",
    "rates.generation.caption": (p: { month: string }) => `Breakdown of the generation charge for ${p.month}; the last row is the total`,
    "rates.col.source": "Power Source",
    "rates.estimate": "Estimate your bill",
    "rates.estimate.schedule": (p: { month: string }) =>
      `Your bill's lines for the kWh you used, from the ${p.month} schedule above, with VAT and your discount.`,
    "rates.estimate.simple": (p: { month: string }) =>
      `Multiply the kWh on your meter reading by the ${p.month} rate for your type of service.`,
    "rates.kwh": "Energy used (kWh)",
    "rates.kwh.error": (p: { max: string }) => `Enter the kWh used as a number greater than 0 and at most ${p.max}, like 150 or 212.5.`,
    "rates.demand.error": "Enter the billed demand in kW as a number, like 120, or leave it empty.",
    "rates.noRate": "There is no published rate for this month, so we cannot estimate. Choose another month above.",
    "rates.serviceType": "Type of service",
    "rates.discount": "Discount",
    "rates.discount.none": "None",
    "rates.discount.lifeline": "Lifeline rate (RA 11552)",
    "rates.discount.senior": "Senior citizen (RA 9994)",
    "rates.demand": "Billed demand (kW), high voltage only",
    "rates.estimate.button": "Estimate",
    "rates.estimated": "Estimated bill:",
    "rates.lines.caption": "The estimate's lines, as a bill shows them",
    "rates.col.charge": "Charge",
    "rates.col.how": "How",
    "rates.total": "Total",
    "rates.estimate.note": " An estimate: your bill may also carry arrears, adjustments or other charges.",
    "rates.estimate.simpleNote": " An estimate only: your actual bill may include other charges, taxes, discounts or arrears.",
    "rates.history": "Rate history",
    "rates.history.text": (p: { month: string }) => `Official rates for the 24 months up to ${p.month}, in pesos per kWh.`,
    "rates.schedule": (p: { month: string }) => `Unbundled Rate Schedule, ${p.month}`,
    "rates.schedule.text":
      "What each part of the rate pays for, per class. The VAT each part carries is shown beside it, as published: in pesos per unit, or as a percent of the part; the last row is the rate per kWh with VAT, the official rate above.",
    "rates.schedule.region": "Unbundled rate schedule, scrolls sideways",
    "rates.schedule.caption": (p: { month: string }) => `Unbundled rate schedule for ${p.month}, per class`,
    "rates.col.component": "Component",
    "rates.col.unit": "Unit",
    "rates.schedule.total": "Total per kWh, with VAT",
    "rates.lifeline": (p: { ceiling: number; tiers: string }) =>
      `Lifeline discount (Republic Act 11552), for registered accounts up to ${p.ceiling} kWh: ${p.tiers}.`,
    "rates.lifeline.tier": (p: { percent: number; from: number; to: number }) =>
      `${p.percent}% for ${p.from === 0 ? "up to " : `${p.from}–`}${p.to} kWh`,
    "rates.senior": (p: { tiers: string }) => ` Senior citizen discount (Republic Act 9994), for registered accounts: ${p.tiers}.`,
    "rates.senior.tier": (p: { percent: number; to: number }) => `${p.percent}% up to ${p.to} kWh`,
    "chart.none": "No rates were published in these 24 months.",
    "chart.region": "Rate history chart",
    "chart.title": (p: { from: string; to: string }) => `Official rates per kWh, ${p.from} to ${p.to}`,
    "chart.desc": (p: { month: string; rates: string }) =>
      `Line chart of Residential, Commercial and High Voltage rates. ${p.month}: ${p.rates} pesos per kWh. The numbers are in the table below.`,
    "chart.noRates": "no rates",
    "chart.numbers": "Show the numbers",
    "chart.caption": "Official rates per kWh by month",
    "rates.discounts.apply": " Both apply to the generation, transmission, system loss, distribution, supply and metering charges.",
  },
  fil: {
    "rates.title": "Singil sa Kuryente",
    "rates.titleFor": (p: { month: string }) => `Singil sa Kuryente para sa ${p.month}`,
    "rates.description":
      "Opisyal na singil sa kuryente bawat kWh (Residential, Commercial, High Voltage), ang hati-hati ng generation charge, ang kasaysayan ng singil, CSV na maida-download at pantantiya ng bill.",
    "rates.month.choose": "Pumili ng buwan",
    "rates.month.error": (p: { year: boolean; month: boolean; first: number; last: number }) =>
      `Hindi namin mabasa ang buwang iyon (${[
        p.year ? `ang taon ay dapat ${p.first} hanggang ${p.last}` : "",
        p.month ? "ang buwan ay dapat 1 hanggang 12" : "",
      ]
        .filter(Boolean)
        .join(" at ")}), kaya ang singil ngayong buwan ang ipinapakita.`,
    "rates.officialName": "Ang pangalang nakasulat sa inyong bill",
    "rates.year": "Taon",
    "rates.month": "Buwan",
    "rates.show": "Ipakita ang singil",
    "rates.official": (p: { month: string }) => `Opisyal na Singil, ${p.month}`,
    "rates.csv": "I-download ang CSV",
    "rates.csv.of": (p: { month: string }) => ` ng ${p.month}`,
    "rates.official.caption": (p: { month: string }) => `Opisyal na singil para sa ${p.month}, sa piso bawat kWh`,
    "rates.col.type": "Uri",
    "rates.col.description": "Paglalarawan",
    "rates.col.rate": "Singil (Php/kWh)",
    "rates.none": "Walang nakitang singil para sa buwang ito.",
    "rates.noCharges": "Walang datos ng generation charge para sa buwang ito.",
    "rates.type.R": "Residensyal (bahay)",
    "rates.type.LV": "Komersyal",
    "rates.type.HV": "Mataas na Boltahe (High Voltage)",
    "rates.generation": (p: { month: string }) => `Hati-hati ng Generation Charge, ${p.month}`,
    "rates.scroll": "I-scroll nang patagilid ang talaan para makita ang lahat ng hanay.",
    "rates.generation.region": "Talaan ng generation charge, naii-scroll nang patagilid",
    "rates.generation.caption": (p: { month: string }) =>
      `Hati-hati ng generation charge para sa ${p.month}; ang huling hilera ang kabuuan`,
    "rates.col.source": "Pinagkukunan ng Kuryente",
    "rates.estimate": "Tantiyahin ang inyong bill",
    "rates.estimate.schedule": (p: { month: string }) =>
      `Ang mga linya ng inyong bill para sa kWh na nagamit ninyo, batay sa iskedyul ng ${p.month} sa itaas, kasama ang VAT at ang inyong diskwento.`,
    "rates.estimate.simple": (p: { month: string }) =>
      `I-multiply ang kWh sa basa ng inyong metro sa singil ng ${p.month} para sa uri ng inyong serbisyo.`,
    "rates.kwh": "Nagamit na kuryente (kWh)",
    "rates.kwh.error": (p: { max: string }) =>
      `Ilagay ang nagamit na kWh bilang numerong higit sa 0 at hindi lalampas sa ${p.max}, halimbawa 150 o 212.5.`,
    "rates.demand.error": "Ilagay ang billed demand sa kW bilang numero, halimbawa 120, o iwanang blangko.",
    "rates.noRate": "Wala pang inilabas na singil para sa buwang ito kaya hindi kami makapagtantiya. Pumili ng ibang buwan sa itaas.",
    "rates.serviceType": "Uri ng serbisyo",
    "rates.discount": "Diskwento",
    "rates.discount.none": "Wala",
    "rates.discount.lifeline": "Lifeline rate, para sa maliit na konsumo (RA 11552)",
    "rates.discount.senior": "Diskwento ng senior citizen (RA 9994)",
    "rates.demand": "Billed demand (kW), para lamang sa high voltage",
    "rates.estimate.button": "Tantiyahin",
    "rates.estimated": "Tantiyang bill:",
    "rates.lines.caption": "Ang mga linya ng tantiya, gaya ng nasa bill",
    "rates.col.charge": "Singilin",
    "rates.col.how": "Paano kinuwenta",
    "rates.total": "Kabuuan",
    "rates.estimate.note": " Tantiya lamang ito: maaaring may utang pa, adjustment o ibang singilin ang inyong bill.",
    "rates.estimate.simpleNote": " Tantiya lamang ito: maaaring may iba pang singilin, buwis, diskwento o utang ang tunay ninyong bill.",
    "rates.history": "Kasaysayan ng singil",
    "rates.history.text": (p: { month: string }) => `Opisyal na singil sa nakaraang 24 na buwan hanggang ${p.month}, sa piso bawat kWh.`,
    "rates.schedule": (p: { month: string }) => `Hati-hating Iskedyul ng Singil, ${p.month}`,
    "rates.schedule.text":
      "Kung saan napupunta ang bawat bahagi ng singil, ayon sa uri. Nakasaad sa tabi ang VAT ng bawat bahagi, ayon sa pagkakalathala: piso bawat yunit, o porsiyento ng bahagi; ang huling hilera ang singil bawat kWh kasama ang VAT, ang opisyal na singil sa itaas.",
    "rates.schedule.region": "Hati-hating iskedyul ng singil, naii-scroll nang patagilid",
    "rates.schedule.caption": (p: { month: string }) => `Hati-hating iskedyul ng singil para sa ${p.month}, ayon sa uri`,
    "rates.col.component": "Bahagi",
    "rates.col.unit": "Yunit",
    "rates.schedule.total": "Kabuuan bawat kWh, kasama ang VAT",
    "rates.lifeline": (p: { ceiling: number; tiers: string }) =>
      `Lifeline discount (Republic Act 11552), para sa mga rehistradong account na hanggang ${p.ceiling} kWh: ${p.tiers}.`,
    "rates.lifeline.tier": (p: { percent: number; from: number; to: number }) =>
      `${p.percent}% sa ${p.from === 0 ? "hanggang " : `${p.from}–`}${p.to} kWh`,
    "rates.senior": (p: { tiers: string }) =>
      ` Diskwento ng senior citizen (Republic Act 9994), para sa mga rehistradong account: ${p.tiers}.`,
    "rates.senior.tier": (p: { percent: number; to: number }) => `${p.percent}% hanggang ${p.to} kWh`,
    "chart.none": "Walang inilabas na singil sa nakaraang 24 na buwang ito.",
    "chart.region": "Tsart ng kasaysayan ng singil",
    "chart.title": (p: { from: string; to: string }) => `Opisyal na singil bawat kWh, ${p.from} hanggang ${p.to}`,
    "chart.desc": (p: { month: string; rates: string }) =>
      `Line chart ng singil sa Residensyal, Komersyal at High Voltage. ${p.month}: ${p.rates} piso bawat kWh. Nasa talaan sa ibaba ang mga numero.`,
    "chart.noRates": "walang singil",
    "chart.numbers": "Ipakita ang mga numero",
    "chart.caption": "Opisyal na singil bawat kWh ayon sa buwan",
    "rates.discounts.apply":
      " Parehong ibinabawas ang mga ito sa generation, transmission, system loss, distribution, supply at metering charge.",
  },
});

export const RATE_TYPE_KEYS = { R: "rates.type.R", LV: "rates.type.LV", HV: "rates.type.HV" } as const;
export const DISCOUNT_KEYS = {
  none: "rates.discount.none",
  lifeline: "rates.discount.lifeline",
  senior: "rates.discount.senior",
} as const;

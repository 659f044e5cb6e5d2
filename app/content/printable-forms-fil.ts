/**
 * The printable forms in Filipino: every line of printable-forms.ts, keyed by its English, so
 * a /fil/ page prints the whole form in Filipino (a member fills it in the language they read;
 * the office takes either). The figures come from modules/shared/constants.ts as in the English,
 * never as literals. The names of documents and fees the office says in English (Valid ID,
 * Membership fee, TIN: tests/i18n/borrowed.ts) stay. tests/i18n/leftovers.test.ts checks that
 * every line of every form has its Filipino here.
 */
import { COOPERATIVE, FEES, SHARES, CONTRACT_TERMS as T } from "../../modules/shared/constants";
import type { FormBlock, PrintableForm } from "./printable-forms";

const peso = (n: number) => `Php ${n.toLocaleString("en-PH")}`;

const LINES: [string, string][] = [
  // Wiring job order
  ["Wiring Job Order and Estimate", "Wiring Job Order at Estimate"],
  ["Job order", "Job order"],
  ["Job order no.", "Blg. ng job order"],
  ["Date", "Petsa"],
  ["Account / application no.", "Blg. ng account / aplikasyon"],
  ["Name of owner", "Pangalan ng may-ari"],
  ["Contact number", "Numerong matatawagan"],
  ["Address of installation", "Address ng pagkakabitan"],
  ["Type of building (residential / commercial / industrial)", "Uri ng gusali (tirahan / komersiyal / industriyal)"],
  ["Work to be done", "Gagawin"],
  ["Materials and estimate", "Mga materyales at estimate"],
  ["Qty", "Dami"],
  ["Unit", "Yunit"],
  ["Description of materials", "Paglalarawan ng materyales"],
  ["Unit cost (Php)", "Halaga bawat yunit (Php)"],
  ["Amount (Php)", "Halaga (Php)"],
  ["Total materials (Php)", "Kabuuan ng materyales (Php)"],
  ["Labor (Php)", "Bayad sa paggawa (Php)"],
  ["Total estimate (Php)", "Kabuuang estimate (Php)"],
  ["Licensed electrician", "Lisensiyadong elektrisyan"],
  ["Signature over printed name, license no.", "Pirma sa ibabaw ng nakalimbag na pangalan, blg. ng lisensiya"],
  ["Owner / applicant", "May-ari / aplikante"],
  ["Signature over printed name", "Pirma sa ibabaw ng nakalimbag na pangalan"],
  ["General Manager", "General Manager"],
  ["Approved by", "Inaprubahan ni"],
  // Membership application
  ["Membership Application", "Aplikasyon para Maging Miyembro"],
  ["Applicant", "Aplikante"],
  ["Last name", "Apelyido"],
  ["First name and suffix", "Pangalan at suffix (Jr., III)"],
  ["Middle name", "Gitnang pangalan"],
  ["Address", "Tirahan"],
  ["Date of birth", "Petsa ng kapanganakan"],
  ["Age", "Edad"],
  ["Gender (Male / Female)", "Kasarian (Lalaki / Babae)"],
  ["Civil status (Single / Married / Divorced / Widowed)", "Katayuang sibil (Walang asawa / May asawa / Hiwalay / Balo)"],
  ["Name of spouse (if married)", "Pangalan ng asawa (kung may asawa)"],
  ["Share subscription", "Subskripsiyon sa share"],
  [
    `I subscribe to ______ shares of the capital of the cooperative (at least ${SHARES.minimumShares} shares) at ${peso(SHARES.shareValuePhp)} per share. I pay ${SHARES.paidOnApplication} shares on application and the balance over ${SHARES.balanceYears} years at ${peso(SHARES.monthlyInstallmentPhp)} per month, added to my monthly bill. No member may hold more than ${SHARES.maximumPercentOfSubscribedCapital}% of the subscribed capital.`,
    `Nagsu-subscribe ako ng ______ share sa kapital ng kooperatiba (hindi bababa sa ${SHARES.minimumShares} share) sa halagang ${peso(SHARES.shareValuePhp)} bawat share. Babayaran ko ang ${SHARES.paidOnApplication} share sa pag-aaplay at ang natitira sa loob ng ${SHARES.balanceYears} taon, ${peso(SHARES.monthlyInstallmentPhp)} bawat buwan na idaragdag sa aking buwanang bill. Walang miyembrong maaaring humawak ng higit sa ${SHARES.maximumPercentOfSubscribedCapital}% ng naka-subscribe na kapital.`,
  ],
  [
    `I pay the membership fee of ${peso(FEES.membershipPhp)} and ${peso(FEES.idPhp)} for my membership ID. I agree to attend the pre-membership seminar and to abide by the articles of cooperation, the by-laws and the policies of the cooperative.`,
    `Babayaran ko ang membership fee na ${peso(FEES.membershipPhp)} at ${peso(FEES.idPhp)} para sa aking membership ID. Pumapayag akong dumalo sa pre-membership seminar at sumunod sa articles of cooperation, sa by-laws at sa mga patakaran ng kooperatiba.`,
  ],
  ["For office use", "Para sa opisina"],
  ["Membership no.", "Blg. ng pagiging miyembro"],
  ["OR no.", "Blg. ng resibo (OR)"],
  ["Date paid", "Petsa ng bayad"],
  ["Signature over printed name and date", "Pirma sa ibabaw ng nakalimbag na pangalan at petsa"],
  ["Barangay Captain", "Kapitan ng Barangay"],
  ["Certified resident of the barangay", "Pinatutunayang residente ng barangay"],
  // Contract for metered service
  ["Contract for Metered Service", "Kontrata para sa Serbisyong may Metro"],
  ["Name of consumer", "Pangalan ng konsyumer"],
  ["Service connection no.", "Blg. ng koneksiyon ng serbisyo"],
  ["Electrical permit no.", "Blg. ng electrical permit"],
  ["Bill deposit (Php)", "Bill deposit (Php)"],
  ["Type of meter", "Uri ng metro"],
  ["Rate schedule", "Uri ng singil (rate schedule)"],
  ["Watts", "Watt"],
  ["HP", "HP"],
  ["Connected loads", "Mga nakakabit na kagamitan"],
  ["Terms of service", "Mga tuntunin ng serbisyo"],
  [
    `The consumer pays each bill within ${T.billPaymentDays} days of its date.`,
    `Binabayaran ng konsyumer ang bawat bill sa loob ng ${T.billPaymentDays} araw mula sa petsa nito.`,
  ],
  [
    `An unpaid bill may lead to disconnection after ${T.disconnectionNoticeHours} hours' written notice. At disconnection the consumer is given ${T.disconnectionGraceHours} hours' grace to pay, once per bill.`,
    `Maaaring maputulan ng kuryente dahil sa hindi nabayarang bill, ${T.disconnectionNoticeHours} oras matapos ang nakasulat na abiso. Sa pagputol, binibigyan ang konsyumer ng ${T.disconnectionGraceHours} oras na palugit para magbayad, minsan bawat bill.`,
  ],
  [
    `The cooperative tests the meter free of charge once every ${T.freeMeterTestEveryYears} years at the consumer's request. Where the meter registers more than ${T.meterErrorRefundThresholdPercent}% in error against the consumer, the overcharge is refunded for at most the last ${T.meterErrorRefundMaxMonths} months.`,
    `Libreng tine-test ng kooperatiba ang metro minsan bawat ${T.freeMeterTestEveryYears} taon kapag hiniling ng konsyumer. Kapag higit sa ${T.meterErrorRefundThresholdPercent}% ang mali ng metro laban sa konsyumer, ibinabalik ang sobrang singil para sa hanggang ${T.meterErrorRefundMaxMonths} huling buwan.`,
  ],
  [
    `A complaint is acted on and reported to the consumer within ${T.complaintReportDays} days, unless a plan of action with another date is agreed.`,
    `Inaaksiyunan ang reklamo at iniuulat sa konsyumer sa loob ng ${T.complaintReportDays} araw, maliban kung may napagkasunduang plano na may ibang petsa.`,
  ],
  [
    `The bill deposit is refunded after ${T.depositRefundAfterYears} consecutive years of paying on time.`,
    `Ibinabalik ang bill deposit pagkatapos ng ${T.depositRefundAfterYears} magkakasunod na taon ng pagbabayad sa takdang oras.`,
  ],
  [
    `Trees and plants on the consumer's property near the lines are kept below ${T.treeHeightLimitFeet} feet.`,
    `Pinananatiling mas mababa sa ${T.treeHeightLimitFeet} talampakan ang mga puno at halaman sa lupa ng konsyumer na malapit sa mga linya.`,
  ],
  [
    `When the meter must be replaced, the consumer supplies the materials asked for within ${T.meterMaterialsSupplyDays} days. The cooperative provides up to ${T.freeDuplexWireMeters} m of service drop (duplex wire) free of charge.`,
    `Kapag kailangang palitan ang metro, ibinibigay ng konsyumer ang mga hinihinging materyales sa loob ng ${T.meterMaterialsSupplyDays} araw. Libreng ibinibigay ng kooperatiba ang hanggang ${T.freeDuplexWireMeters} m ng service drop (duplex wire).`,
  ],
  [
    "The consumer does not tamper with the meter, its seals or the service drop, and does not connect loads ahead of the meter.",
    "Hindi gagalawin ng konsyumer ang metro, ang mga selyo nito o ang service drop, at hindi magkakabit ng kagamitan bago ang metro.",
  ],
  [
    `This contract is good for ${T.contractYears} year and renews itself from year to year unless ended by either party in writing.`,
    `May bisa ang kontratang ito nang ${T.contractYears} taon at kusang nare-renew taon-taon maliban kung tapusin ng alinmang panig sa pamamagitan ng sulat.`,
  ],
  ["Consumer", "Konsyumer"],
  [`For ${COOPERATIVE.shortName}`, `Para sa ${COOPERATIVE.shortName}`],
  ["Witness", "Saksi"],
  ["Acknowledgment", "Pagpapatunay"],
  [
    "Subscribed and sworn to before me this ____ day of ______________, 20___ at ______________, Pangasinan, the parties showing their valid IDs. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
    "Nilagdaan at sinumpaan sa harap ko ngayong ika-____ ng ______________, 20___ sa ______________, Pangasinan, habang ipinapakita ng mga panig ang kanilang valid ID. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
  ],
  ["Notary Public", "Notaryo Publiko"],
  [`Notarial fee ${peso(FEES.notarialPhp)}`, `Bayad sa notaryo ${peso(FEES.notarialPhp)}`],
  // Transfer of name
  ["Application for Transfer of Name", "Aplikasyon para sa Paglilipat ng Pangalan"],
  ["Account number", "Numero ng account"],
  ["Name on the account now", "Kasalukuyang pangalan sa account"],
  ["Name of the new account holder", "Pangalan ng bagong may-hawak ng account"],
  ["Address of the service", "Address ng serbisyo"],
  ["Relationship of the new holder to the present one", "Kaugnayan ng bagong may-hawak sa kasalukuyan"],
  ["Reason for the transfer (sale, death, donation, other)", "Dahilan ng paglilipat (bentahan, pagkamatay, donasyon, iba pa)"],
  [
    `The new account holder assumes every unpaid bill of the account and becomes a member on paying the membership fee of ${peso(FEES.membershipPhp)}, the ID fee of ${peso(FEES.idPhp)} and the notarial fee of ${peso(FEES.notarialPhp)}: ${peso(FEES.nameTransferTotalPhp)} in all.`,
    `Sasagutin ng bagong may-hawak ang lahat ng hindi pa nababayarang bill ng account, at magiging miyembro sa pagbabayad ng membership fee na ${peso(FEES.membershipPhp)}, bayad sa ID na ${peso(FEES.idPhp)} at bayad sa notaryo na ${peso(FEES.notarialPhp)}: ${peso(FEES.nameTransferTotalPhp)} lahat-lahat.`,
  ],
  ["Present account holder", "Kasalukuyang may-hawak ng account"],
  ["New account holder", "Bagong may-hawak ng account"],
  ["Certified correct", "Pinatutunayang tama"],
  // Transfer of share capital
  ["Deed of Transfer of Share Capital", "Kasulatan ng Paglilipat ng Share Capital"],
  ["Transferor", "Naglilipat"],
  ["Name", "Pangalan"],
  ["Transferee", "Nililipatan"],
  ["Shares transferred", "Mga share na inililipat"],
  ["Number of shares", "Bilang ng share"],
  ["Amount paid up (Php)", "Halagang nabayaran na (Php)"],
  [
    `For value received, the transferor transfers to the transferee the shares above, at ${peso(SHARES.shareValuePhp)} per share. The transferee is a member in good standing and, with these shares, holds no more than ${SHARES.maximumPercentOfSubscribedCapital}% of the subscribed capital of the cooperative. The transfer takes effect once recorded in the books of the cooperative.`,
    `Kapalit ng halagang natanggap, inililipat ng naglilipat sa nililipatan ang mga share sa itaas, sa halagang ${peso(SHARES.shareValuePhp)} bawat share. Ang nililipatan ay miyembrong nasa maayos na katayuan at, kasama ang mga share na ito, humahawak ng hindi hihigit sa ${SHARES.maximumPercentOfSubscribedCapital}% ng naka-subscribe na kapital ng kooperatiba. Magkakabisa ang paglilipat kapag naitala na sa mga aklat ng kooperatiba.`,
  ],
  ["Recorded by", "Itinala ni"],
  [
    "Subscribed and sworn to before me this ____ day of ______________, 20___. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
    "Nilagdaan at sinumpaan sa harap ko ngayong ika-____ ng ______________, 20___. Doc. no. ______; Page no. ______; Book no. ______; Series of ______.",
  ],
  // Member profile
  ["Member Profile", "Profile ng Miyembro"],
  ["Personal details", "Mga personal na detalye"],
  ["Contact numbers (separate with commas)", "Mga numerong matatawagan (paghiwalayin ng kuwit)"],
  ["Nearest account number", "Pinakamalapit na numero ng account"],
  ["Number of dependents", "Bilang ng mga umaasa sa inyo"],
  [
    "Educational attainment (Primary / Secondary / Tertiary / Vocational)",
    "Natapos na pag-aaral (Elementarya / Sekundarya / Kolehiyo / Bokasyonal)",
  ],
  ["Occupation / source of income", "Trabaho / pinagkakakitaan"],
  ["Religion / social affiliation", "Relihiyon / samahang kinabibilangan"],
  ["Annual income", "Taunang kita"],
  ["Tax identification number (TIN)", "Tax identification number (TIN)"],
  ["Date received", "Petsa ng pagtanggap"],
  ["Member", "Miyembro"],
  ["Received by", "Tinanggap ni"],
  // Complaint form
  ["Complaint Form", "Form para sa Reklamo"],
  ["Complainant", "Nagrereklamo"],
  ["Date and time reported", "Petsa at oras ng pag-uulat"],
  ["Pole ID", "ID ng poste"],
  ["Nearest landmark", "Pinakamalapit na palatandaan"],
  ["Complaint", "Reklamo"],
  ["Crew report", "Ulat ng crew"],
  ["Cause of tripping", "Sanhi ng pag-trip"],
  ["Feeder", "Feeder"],
  ["Phase", "Phase"],
  ["Transformer", "Transformer"],
  ["Action taken", "Ginawang aksiyon"],
  ["Arrival date and time", "Petsa at oras ng pagdating"],
  ["Departure date and time", "Petsa at oras ng pag-alis"],
  ["Lineman / electrician in charge", "Lineman / elektrisyang namahala"],
  ["Witness (if present)", "Saksi (kung mayroon)"],
  // Meter complaint letter
  ["Meter Complaint Letter", "Liham ng Reklamo sa Metro"],
  ["Meter no.", "Blg. ng metro"],
  [`To the General Manager, ${COOPERATIVE.name}:`, `Sa General Manager, ${COOPERATIVE.name}:`],
  [
    `I request that the meter of my account above be inspected and tested, because: ______________________________________________________________________________. I understand that the test is free once every ${T.freeMeterTestEveryYears} years, that an error of more than ${T.meterErrorRefundThresholdPercent}% against me is refunded for at most ${T.meterErrorRefundMaxMonths} months, and that I supply the materials needed for a replacement within ${T.meterMaterialsSupplyDays} days.`,
    `Hinihiling kong suriin at i-test ang metro ng aking account sa itaas, dahil: ______________________________________________________________________________. Nauunawaan kong libre ang test minsan bawat ${T.freeMeterTestEveryYears} taon, na ibinabalik ang mali na higit sa ${T.meterErrorRefundThresholdPercent}% laban sa akin para sa hanggang ${T.meterErrorRefundMaxMonths} buwan, at na ako ang magbibigay ng mga materyales na kailangan sa pagpapalit sa loob ng ${T.meterMaterialsSupplyDays} araw.`,
  ],
  ["Findings", "Natuklasan"],
  ["Findings of the meter technician", "Natuklasan ng meter technician"],
  ["Materials needed", "Mga kailangang materyales"],
  ["Description", "Paglalarawan"],
  ["Meter technician / electrician", "Meter technician / elektrisyan"],
  ["Noted by", "Binigyang-pansin ni"],
  // Requirements for transfer of name
  ["Requirements for Transfer of Name", "Mga Kailangan sa Paglilipat ng Pangalan"],
  ["Bring", "Dalhin"],
  ["Application for Transfer of Name, filled in and signed", "Aplikasyon para sa Paglilipat ng Pangalan, may sagot at pirma"],
  [
    "Letter of request from the present account holder (or from the heirs, if the holder has died)",
    "Sulat ng kahilingan mula sa kasalukuyang may-hawak ng account (o mula sa mga tagapagmana, kung pumanaw na ang may-hawak)",
  ],
  [
    "Proof of ownership: deed of sale, title, tax declaration or deed of donation",
    "Patunay ng pagmamay-ari: kasulatan ng bentahan, titulo, tax declaration o kasulatan ng donasyon",
  ],
  [
    "Death certificate of the account holder and an affidavit of the heirs, if the holder has died",
    "Death certificate ng may-hawak ng account at affidavit ng mga tagapagmana, kung pumanaw na ang may-hawak",
  ],
  ["Barangay certificate of residence of the new account holder", "Barangay certificate of residence ng bagong may-hawak ng account"],
  ["Valid ID of the present and new account holders", "Valid ID ng kasalukuyan at ng bagong may-hawak ng account"],
  ["Latest bill, paid in full", "Pinakabagong bill, bayad nang buo"],
  ["Two 1x1 ID pictures of the new account holder", "Dalawang 1x1 na larawang pang-ID ng bagong may-hawak ng account"],
  ["Fees", "Mga bayarin"],
  ["Membership fee", "Membership fee"],
  ["Membership ID", "Membership ID"],
  ["Notarial fee", "Bayad sa notaryo"],
  ["Total", "Kabuuan"],
  [
    `If not yet a member, the new holder also subscribes to at least ${SHARES.minimumShares} shares at ${peso(SHARES.shareValuePhp)} each, ${SHARES.paidOnApplication} of them paid on application. Amounts are subject to ${FEES.vatPercent}% VAT where the law requires it.`,
    `Kung hindi pa miyembro, magsu-subscribe din ang bagong may-hawak ng hindi bababa sa ${SHARES.minimumShares} share sa halagang ${peso(SHARES.shareValuePhp)} bawat isa, at babayaran ang ${SHARES.paidOnApplication} sa mga ito sa pag-aaplay. May ${FEES.vatPercent}% na VAT ang mga halaga kung saan ito hinihingi ng batas.`,
  ],
  [
    "The new account holder attends the pre-membership seminar and signs a new Contract for Metered Service.",
    "Dadalo ang bagong may-hawak ng account sa pre-membership seminar at pipirma ng bagong Kontrata para sa Serbisyong may Metro.",
  ],
];

/** Each line of the forms in Filipino, by its English. */
export const PRINTABLE_FORMS_FIL: ReadonlyMap<string, string> = new Map(LINES);

/** A form's line in the page's language (a figure such as "Php 100" is the same in both). */
export function formLine(english: string, locale: "en" | "fil"): string {
  return locale === "fil" ? (PRINTABLE_FORMS_FIL.get(english) ?? english) : english;
}

/** The whole form with every line in the page's language. */
export function formInLanguage(form: PrintableForm, locale: "en" | "fil"): PrintableForm {
  if (locale === "en") return form;
  const w = (s: string) => formLine(s, locale);
  const blocks = form.blocks.map((b): FormBlock => {
    const title = b.title === undefined ? {} : { title: w(b.title) };
    switch (b.kind) {
      case "fields":
        return { ...b, ...title, fields: b.fields.map((f) => ({ ...f, label: w(f.label) })) };
      case "text":
        return { ...b, ...title, paragraphs: b.paragraphs.map(w) };
      case "list":
      case "checklist":
        return { ...b, ...title, items: b.items.map(w) };
      case "table":
        return { ...b, ...title, columns: b.columns.map(w) };
      case "values":
        return { ...b, ...title, rows: b.rows.map(([k, v]) => [w(k), w(v)] as [string, string]) };
      case "signatures":
        return { ...b, ...title, signers: b.signers.map((s) => ({ role: w(s.role), ...(s.caption ? { caption: w(s.caption) } : {}) })) };
    }
  });
  return { ...form, title: w(form.title), blocks };
}

/** Every line of a form, for the check that each has its Filipino. */
export function formLines(form: PrintableForm): string[] {
  const out = [form.title];
  for (const b of form.blocks) {
    if (b.title) out.push(b.title);
    if (b.kind === "fields") out.push(...b.fields.map((f) => f.label));
    if (b.kind === "text") out.push(...b.paragraphs);
    if (b.kind === "list" || b.kind === "checklist") out.push(...b.items);
    if (b.kind === "table") out.push(...b.columns);
    if (b.kind === "values") out.push(...b.rows.map(([k]) => k));
    if (b.kind === "signatures") for (const s of b.signers) out.push(s.role, ...(s.caption ? [s.caption] : []));
  }
  return out;
}

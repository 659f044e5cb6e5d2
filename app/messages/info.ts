/** The information pages: privacy policy, terms and conditions, contact us, FAQ, our services. */
import { defineMessages } from "../../modules/shared/i18n";

export const infoMessages = defineMessages({
  en: {
    "contact.description": "Hotline, consumer welfare, area sub offices and technical services: phone numbers and offices.",
    "contact.intro": "For power outages and emergencies, call the hotline any time, day or night. E-mail:",
    "contact.caption": "Offices and their phone numbers",
    "contact.service": "Service",
    "contact.office": "Office",
    "contact.phones": "Phone numbers",

    "faq.title": "Frequently Asked Questions",
    "faq.description": "Answers to common questions about new connections, bills and power interruptions.",
    "faq.q1": "How do I apply for a new electric service connection?",
    "faq.a1.before": "Pre-register online through the",
    "faq.a1.link": "new service connection form",
    "faq.a1.after":
      ", then bring the requirements to the nearest area office. You will attend a pre-membership education seminar, and our technicians will inspect your house wiring before the meter is installed.",
    "faq.q2": "When is my electric bill due, and what happens if I pay late?",
    "faq.a2": (p: { days: number; notice: number; grace: number }) =>
      `Pay within ${p.days} days of receiving your bill. If it stays unpaid, we give a written disconnection notice ${p.notice} hours before we disconnect, and a grace period of ${p.grace} hours at disconnection (once per bill).`,
    "faq.q3": "How will I know about scheduled power interruptions?",
    "faq.a3.before": "We post every scheduled interruption on the",
    "faq.a3.link": "power interruption schedules",
    "faq.a3.after": " page, with the date, time and the barangays affected. For an unplanned outage, call our 24/7 hotline at",
    "faq.more": "Still have a question?",
    "faq.contact": "Contact us",

    "privacy.description": (p: { name: string }) => `The data privacy statement of the ${p.name}.`,
    "privacy.mainOffice": "Main Office",
    "privacy.statement": "Data Privacy Statement",
    "privacy.pdf": (p: { kb: number }) => `(PDF, ${p.kb} KB)`,
    "privacy.statementMissing": "The data privacy statement is being updated. Please come back soon.",
    "privacy.collect":
      "We collect only the personal data we need to serve you and protect it under the Data Privacy Act of 2012 (Republic Act 10173). To ask about your data, write to",
    "privacy.visit": "or visit the Main Office at",
    "privacy.keep": "What we keep, why, and for how long",
    "privacy.what": "What:",
    "privacy.why": "Why:",
    "privacy.howLong": "How long:",
    "privacy.rights": "You may ask for a copy of your records, or for their erasure, at any area office or by writing to",

    "services.description":
      "Residential, commercial and industrial service, electrical repair, security and support from your electric cooperative.",
    "services.intro": "What the cooperative does for its member-consumer-owners.",
    "services.residential": "Residential",
    "services.residential.text":
      "Safe, reliable power for homes across western Pangasinan, with a new connection in days once requirements are complete.",
    "services.commercial": "Commercial",
    "services.commercial.text": "Service for stores, resorts and offices, with metering and rates sized for business.",
    "services.industrial": "Industrial",
    "services.industrial.text": "High-voltage connections, load studies and dedicated lines for plants and large loads.",
    "services.repair": "Electrical Repair",
    "services.repair.text": "Our crews repair lines, transformers and service drops, and test meters on request.",
    "services.security": "Security",
    "services.security.text": "Protecting the network and your service against power theft and tampering, with safety inspections.",
    "services.support": "Support",
    "services.support.text": "A 24/7 hotline and consumer welfare desks at every area office for questions and complaints.",

    "terms.description": (p: { name: string }) => `The terms and conditions for using the website of the ${p.name}.`,
    "terms.agree": "By using this website you agree to these terms. If you do not agree, please do not use the site.",
    "terms.info": "Information on this site",
    "terms.info.text":
      "We publish power interruption schedules, rates, advisories and other notices in good faith and update them as soon as we can. Schedules may change because of weather, safety or the grid; when in doubt, call our hotline at",
    "terms.info.rates": "Rates shown here are for information; your official bill prevails.",
    "terms.forms": "Forms and submissions",
    "terms.forms.before":
      "Information you send through our forms (survey, pre-registration, member registration) must be true and your own. We use it only to serve you, as our",
    "terms.forms.link": "privacy policy",
    "terms.forms.after": " explains. Online pre-registration is not yet a contract for service.",
    "terms.use": "Acceptable use",
    "terms.use.text": "Do not try to disrupt the site, send automated requests in bulk, or reach data that is not yours.",
    "terms.content": "Content and links",
    "terms.content.text": (p: { name: string }) =>
      `The text, pictures and logos on this site belong to the ${p.name} or to their owners. Links to other sites are for convenience; we are not responsible for their content.`,
    "terms.changes": "Changes",
    "terms.changes.text": "We may update these terms; the version on this page applies.",
  },
  fil: {
    "contact.description":
      "Hotline, consumer welfare, mga sub office sa area at technical services: mga numero ng telepono at mga tanggapan.",
    "contact.intro": "Para sa brownout at emergency, tumawag sa hotline anumang oras, araw man o gabi. E-mail:",
    "contact.caption": "Mga tanggapan at ang kanilang mga numero ng telepono",
    "contact.service": "Serbisyo",
    "contact.office": "Tanggapan",
    "contact.phones": "Mga numero ng telepono",

    "faq.title": "Mga Madalas Itanong",
    "faq.description": "Mga sagot sa karaniwang tanong tungkol sa bagong koneksyon, bill at pagkawala ng kuryente.",
    "faq.q1": "Paano ako mag-a-apply ng bagong koneksyon ng kuryente?",
    "faq.a1.before": "Mag-pre-register online sa",
    "faq.a1.link": "form para sa bagong koneksyon ng kuryente",
    "faq.a1.after":
      ", saka dalhin ang mga kailangang dokumento sa pinakamalapit na tanggapan sa area. Dadalo kayo sa pre-membership education seminar, at susuriin ng aming mga technician ang wiring ng inyong bahay bago ikabit ang metro.",
    "faq.q2": "Kailan ang due date ng aking bill sa kuryente, at ano ang mangyayari kung huli akong magbayad?",
    "faq.a2": (p: { days: number; notice: number; grace: number }) =>
      `Magbayad sa loob ng ${p.days} araw mula nang matanggap ang inyong bill. Kung hindi pa rin ito nababayaran, magbibigay kami ng nakasulat na abiso ng pagputol ${p.notice} oras bago namin putulin ang kuryente, at may palugit na ${p.grace} oras sa oras ng pagputol (isang beses bawat bill).`,
    "faq.q3": "Paano ko malalaman ang mga nakatakdang pagkawala ng kuryente?",
    "faq.a3.before": "Inilalagay namin ang bawat nakatakdang pagkawala ng kuryente sa pahina ng",
    "faq.a3.link": "iskedyul ng pagkawala ng kuryente",
    "faq.a3.after":
      ", kasama ang petsa, oras at mga apektadong barangay. Para sa biglaang brownout, tumawag sa aming hotline na bukas 24 oras araw-araw sa",
    "faq.more": "May tanong pa kayo?",
    "faq.contact": "Makipag-ugnayan sa amin",

    "privacy.description": (p: { name: string }) => `Ang pahayag tungkol sa privacy ng datos ng ${p.name}.`,
    "privacy.mainOffice": "Pangunahing Tanggapan",
    "privacy.statement": "Pahayag tungkol sa Privacy ng Datos (Data Privacy Statement)",
    "privacy.pdf": (p: { kb: number }) => `(PDF, ${p.kb} KB, nasa Ingles)`,
    "privacy.statementMissing":
      "Kasalukuyang ina-update ang pahayag tungkol sa privacy ng datos. Pakibalikan muli sa lalong madaling panahon.",
    "privacy.collect":
      "Kinukuha lamang namin ang personal na datos na kailangan para mapagsilbihan kayo, at pinangangalagaan namin ito ayon sa Data Privacy Act of 2012 (Republic Act 10173). Para magtanong tungkol sa inyong datos, sumulat sa",
    "privacy.visit": "o pumunta sa Pangunahing Tanggapan sa",
    "privacy.keep": "Ano ang aming iniingatan, bakit, at gaano katagal",
    "privacy.what": "Ano:",
    "privacy.why": "Bakit:",
    "privacy.howLong": "Gaano katagal:",
    "privacy.rights":
      "Maaari kayong humingi ng kopya ng inyong mga rekord, o ipabura ang mga ito, sa alinmang tanggapan sa area o sa pagsulat sa",

    "services.description":
      "Serbisyong pambahay, pangkomersyo at pang-industriya, pagkukumpuni, seguridad at tulong mula sa inyong electric cooperative.",
    "services.intro": "Ang ginagawa ng kooperatiba para sa mga member-consumer-owner nito.",
    "services.residential": "Pambahay",
    "services.residential.text":
      "Ligtas at maaasahang kuryente para sa mga tahanan sa buong kanlurang Pangasinan, at bagong koneksyon sa loob ng ilang araw kapag kumpleto na ang mga kailangang dokumento.",
    "services.commercial": "Pangkomersyo",
    "services.commercial.text": "Serbisyo para sa mga tindahan, resort at opisina, na may metro at singil na angkop sa negosyo.",
    "services.industrial": "Pang-industriya",
    "services.industrial.text": "Mga high-voltage na koneksyon, pag-aaral ng load at sariling linya para sa mga planta at malalaking load.",
    "services.repair": "Pagkukumpuni",
    "services.repair.text":
      "Kinukumpuni ng aming mga crew ang mga linya, transformer at service drop, at sinusuri ang metro kapag hiniling.",
    "services.security": "Seguridad",
    "services.security.text":
      "Pinangangalagaan ang linya at ang inyong serbisyo laban sa pagnanakaw at pakikialam sa kuryente, sa pamamagitan ng mga safety inspection.",
    "services.support": "Tulong",
    "services.support.text":
      "Hotline na bukas 24 oras araw-araw, at consumer welfare desk sa bawat tanggapan sa area para sa mga tanong at reklamo.",

    "terms.description": (p: { name: string }) => `Ang mga tuntunin at kundisyon sa paggamit ng website ng ${p.name}.`,
    "terms.agree":
      "Sa paggamit ng website na ito, sumasang-ayon kayo sa mga tuntuning ito. Kung hindi kayo sumasang-ayon, huwag po ninyong gamitin ang site.",
    "terms.info": "Ang impormasyon sa site na ito",
    "terms.info.text":
      "Inilalathala namin nang may mabuting loob ang mga iskedyul ng pagkawala ng kuryente, singil, abiso at iba pang paunawa, at ina-update namin ang mga ito sa lalong madaling panahon. Maaaring magbago ang mga iskedyul dahil sa panahon, kaligtasan o sa grid; kung may duda, tumawag sa aming hotline sa",
    "terms.info.rates": "Ang mga singil na makikita rito ay para sa kaalaman lamang; ang inyong opisyal na bill ang masusunod.",
    "terms.forms": "Mga form at ang ipinapadala ninyo",
    "terms.forms.before":
      "Ang impormasyong ipinapadala ninyo sa aming mga form (survey, pre-registration, pagpaparehistro ng miyembro) ay dapat totoo at sa inyo mismo. Ginagamit lamang namin ito para mapagsilbihan kayo, gaya ng ipinapaliwanag ng aming",
    "terms.forms.link": "patakaran sa privacy",
    "terms.forms.after": ". Ang online na pre-registration ay hindi pa kontrata para sa serbisyo.",
    "terms.use": "Wastong paggamit",
    "terms.use.text": "Huwag subukang guluhin ang site, magpadala ng maramihang awtomatikong request, o buksan ang datos na hindi sa inyo.",
    "terms.content": "Nilalaman at mga link",
    "terms.content.text": (p: { name: string }) =>
      `Ang mga teksto, larawan at logo sa site na ito ay pag-aari ng ${p.name} o ng kani-kanilang may-ari. Ang mga link sa ibang site ay para sa inyong kaginhawahan; hindi kami mananagot sa nilalaman ng mga iyon.`,
    "terms.changes": "Mga pagbabago",
    "terms.changes.text": "Maaari naming baguhin ang mga tuntuning ito; ang bersyon sa pahinang ito ang masusunod.",
  },
});

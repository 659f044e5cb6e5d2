/**
 * The survey page's words around the questions (app/routes/survey/page.tsx). The
 * specification's own survey wording (section 8's messages, the rating options) is not here:
 * it stays exactly as the specification writes it, in both languages (SURVEY_MESSAGES,
 * modules/members/survey-options.ts).
 */
import { defineMessages } from "../../modules/shared/i18n";

export const surveyMessages = defineMessages({
  en: {
    "survey.title": "Customer Satisfaction Survey",
    "survey.description": (p: { org: string }) =>
      `Tell ${p.org} how we served you: reconnection, restoration, voltage and courtesy. One answer per account.`,
    "survey.lead": "Help us serve you better. The survey takes about three minutes; each account can answer once.",
    "survey.privacy.title": "Privacy notice",
    "survey.privacy.collects": (p: { name: string; short: string }) =>
      `${p.name} (${p.short}) collects the account name, your name, city or municipality, account number, e-mail address, contact number and your answers to measure and improve the quality of our service. We process them under the Data Privacy Act of 2012 (Republic Act No. 10173).`,
    "survey.privacy.who": (p: { short: string }) =>
      `Only authorized ${p.short} personnel see your answers. We do not sell or share them with third parties.`,
    "survey.privacy.contact": "We may contact you about a concern you raise in your answers.",
    "survey.privacy.keep": "We keep your answers for as long as needed for this purpose, then delete them.",
    "survey.privacy.rights": "You may ask to see, correct or delete your data by writing to",
    "survey.privacy.version": (p: { version: string }) => `Privacy notice version ${p.version}.`,
    "survey.qr": (p: { url: string }) => `QR code of the survey's address, ${p.url}`,
    "survey.scan": "Scan to open this survey on your phone:",
    "survey.invalid": "May mali sa ilang sagot. Please check the fields marked below.",
    "survey.consent": (p: { short: string }) => `I have read the privacy notice and I agree that ${p.short} may process my answers.`,
    "survey.consentHint": "The questionnaire appears once you tick the box.",
    "survey.details": "Your details",
    "survey.name": "Account name",
    "survey.nameHint": "The name on the electric bill.",
    "survey.respondent": "Your name (respondent)",
    "survey.city": "City or municipality",
    "survey.choose": "Choose…",
    "survey.email": "E-mail address",
    "survey.contact": "Contact number",
    "survey.contactHint": "Mobile or landline, for example 0917 123 4567.",
    "survey.experience": "Your experience",
    "survey.q.reconnectionTime": "How long did it take to reconnect your service after you applied for reconnection?",
    "survey.q.serviceReturnSpeed": "How fast was your service restored after an unscheduled power interruption?",
    "survey.q.voltageIssues": "How often do you experience voltage problems (low or fluctuating voltage)?",
    "survey.q.reconnectionAfterPayment": "After paying your overdue bill, how long did it take to reconnect your service?",
    "survey.q.serviceCourtesy": "How courteous were our personnel when they served you?",
    "survey.suggestions": "Suggestions",
    "survey.suggestionsHint": "What could we do better? (optional)",
    "survey.submitting": "Submitting…",
    "survey.submit": "Submit survey",
    "survey.error.acceptPrivacyNotice": "Tick the box to show you have read and accept the privacy notice.",
    "survey.error.name": "Enter the account name (the name on the bill).",
    "survey.error.respondentName": "Enter your name.",
    "survey.error.city": "Choose your city or municipality.",
    "survey.error.accountNumber": (p: { example: string }) => `Enter the account number like ${p.example}.`,
    "survey.error.email": "Enter an e-mail address like juan@example.com.",
    "survey.error.contactNumber": "Enter a contact number of 7 to 15 digits, like 0917 123 4567.",
    "survey.error.rating": "Choose one of the four answers.",
    "survey.error.suggestions": "Use at most 2,000 characters.",
    "survey.error.notMatched":
      "We could not match this account number and account name with our member roll. Enter both as printed on your bill.",
  },
  fil: {
    "survey.title": "Survey sa Kasiyahan ng Member-Consumer",
    "survey.description": (p: { org: string }) =>
      `Sabihin sa ${p.org} kung paano namin kayo pinagsilbihan: reconnection, pagbabalik ng kuryente, boltahe at pakikitungo ng kawani. Isang sagot bawat account.`,
    "survey.lead":
      "Tulungan kaming mapabuti ang aming serbisyo. Mga tatlong minuto lang ang survey; isang beses lang makakasagot ang bawat account.",
    "survey.privacy.title": "Paalala tungkol sa privacy",
    "survey.privacy.collects": (p: { name: string; short: string }) =>
      `Kinukuha ng ${p.name} (${p.short}) ang pangalan sa account, ang inyong pangalan, lungsod o bayan, numero ng account, e-mail address, numerong matatawagan at ang inyong mga sagot para masukat at mapabuti ang kalidad ng aming serbisyo. Pinoproseso namin ang mga ito ayon sa Data Privacy Act of 2012 (Republic Act No. 10173).`,
    "survey.privacy.who": (p: { short: string }) =>
      `Ang mga awtorisadong kawani lang ng ${p.short} ang nakakakita ng inyong mga sagot. Hindi namin ito ibinebenta o ibinabahagi sa iba.`,
    "survey.privacy.contact": "Maaari namin kayong kontakin tungkol sa alalahaning binanggit ninyo sa inyong mga sagot.",
    "survey.privacy.keep": "Itinatago namin ang inyong mga sagot hangga't kailangan para sa layuning ito, saka namin buburahin.",
    "survey.privacy.rights": "Maaari ninyong hilingin na makita, maitama o mabura ang inyong datos sa pagsulat sa",
    "survey.privacy.version": (p: { version: string }) => `Bersyon ng paalala tungkol sa privacy: ${p.version}.`,
    "survey.qr": (p: { url: string }) => `QR code ng address ng survey, ${p.url}`,
    "survey.scan": "I-scan para mabuksan ang survey na ito sa inyong telepono:",
    "survey.invalid": "May mali sa ilang sagot. Pakitingnan ang mga field na may marka sa ibaba.",
    "survey.consent": (p: { short: string }) =>
      `Nabasa ko ang paalala tungkol sa privacy at pumapayag akong iproseso ng ${p.short} ang aking mga sagot.`,
    "survey.consentHint": "Lalabas ang mga tanong kapag nilagyan ninyo ng tsek ang kahon.",
    "survey.details": "Ang inyong impormasyon",
    "survey.name": "Pangalan sa account",
    "survey.nameHint": "Ang pangalang nasa bill ng kuryente.",
    "survey.respondent": "Ang inyong pangalan (sumasagot)",
    "survey.city": "Lungsod o bayan",
    "survey.choose": "Pumili…",
    "survey.email": "Address ng e-mail",
    "survey.contact": "Numerong matatawagan",
    "survey.contactHint": "Mobile o landline, halimbawa 0917 123 4567.",
    "survey.experience": "Ang inyong karanasan",
    "survey.q.reconnectionTime": "Gaano katagal bago naibalik ang inyong serbisyo matapos kayong mag-apply para sa reconnection?",
    "survey.q.serviceReturnSpeed": "Gaano kabilis naibalik ang inyong kuryente matapos ang biglaang pagkawala ng kuryente?",
    "survey.q.voltageIssues": "Gaano kadalas kayong nakakaranas ng problema sa boltahe (mahina o pabago-bagong boltahe)?",
    "survey.q.reconnectionAfterPayment": "Matapos ninyong bayaran ang overdue na bill, gaano katagal bago naibalik ang inyong serbisyo?",
    "survey.q.serviceCourtesy": "Gaano kagalang ang aming mga kawani nang pagsilbihan nila kayo?",
    "survey.suggestions": "Mga mungkahi",
    "survey.suggestionsHint": "Ano pa ang mapapabuti namin? (kung nais ninyo)",
    "survey.submitting": "Ipinapadala…",
    "survey.submit": "Ipadala ang survey",
    "survey.error.acceptPrivacyNotice":
      "Lagyan ng tsek ang kahon para ipakitang nabasa at tinatanggap ninyo ang paalala tungkol sa privacy.",
    "survey.error.name": "Ilagay ang pangalan sa account (ang pangalang nasa bill).",
    "survey.error.respondentName": "Ilagay ang inyong pangalan.",
    "survey.error.city": "Piliin ang inyong lungsod o bayan.",
    "survey.error.accountNumber": (p: { example: string }) => `Ilagay ang numero ng account, halimbawa ${p.example}.`,
    "survey.error.email": "Ilagay ang e-mail address, halimbawa juan@example.com.",
    "survey.error.contactNumber": "Ilagay ang numerong matatawagan na may 7 hanggang 15 digit, halimbawa 0917 123 4567.",
    "survey.error.rating": "Pumili ng isa sa apat na sagot.",
    "survey.error.suggestions": "Hanggang 2,000 titik lang ang maaari.",
    "survey.error.notMatched":
      "Hindi namin maitugma ang numero ng account at pangalan sa account sa aming listahan ng miyembro. Ilagay ang dalawa gaya ng nakasulat sa inyong bill.",
  },
});

/** Each rating question's key (modules/members/survey-options.ts's names). */
export const SURVEY_QUESTION_KEYS = {
  reconnectionTime: "survey.q.reconnectionTime",
  serviceReturnSpeed: "survey.q.serviceReturnSpeed",
  voltageIssues: "survey.q.voltageIssues",
  reconnectionAfterPayment: "survey.q.reconnectionAfterPayment",
  serviceCourtesy: "survey.q.serviceCourtesy",
} as const;

/**
 * The survey's questions and options, apart from its schema and database code so the
 * page's browser bundle does not carry zod.
 */

/**
 * The five rating questions; each option's score runs 4 (best) down to 1, in the order shown.
 * The option labels are written exactly as the spec writes them (section 3).
 */
export const SURVEY_RATINGS = [
  {
    name: "reconnectionTime",
    question: "How long did it take to reconnect your service after you applied for reconnection?",
    options: ["within 48 hours", "within 72 hours", "within 96 hours", "more than 96 hours"],
  },
  {
    name: "serviceReturnSpeed",
    question: "How fast was your service restored after an unscheduled power interruption?",
    options: ["within 12 hours", "within 24 hours", "within 48 hours", "more than 48 hours"],
  },
  {
    name: "voltageIssues",
    question: "How often do you experience voltage problems (low or fluctuating voltage)?",
    options: ["hindi kailanman", "hindi gaanong madalas", "medyo madalas", "sobrang madalas"],
  },
  {
    name: "reconnectionAfterPayment",
    question: "After paying your overdue bill, how long did it take to reconnect your service?",
    options: ["within 24 hours", "within 48 hours", "within 72 hours", "more than 72 hours"],
  },
  {
    name: "serviceCourtesy",
    question: "How courteous were our personnel when they served you?",
    options: ["magalang", "medyo magalang", "hindi gaanong magalang", "hindi magalang"],
  },
] as const;

export type SurveyRatingName = (typeof SURVEY_RATINGS)[number]["name"];
/** The score of the option at `index` (0 is the first, best option). */
export const scoreOf = (index: number) => 4 - index;

/** Fields the visitor must fill in (spec section 5); the ratings and suggestions are optional. */
export const SURVEY_REQUIRED_FIELDS = [
  "name",
  "respondentName",
  "city",
  "accountNumber",
  "email",
  "contactNumber",
  "acceptPrivacyNotice",
] as const;

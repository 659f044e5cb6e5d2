/**
 * Answers a member would send, filled in as a member would: the customer satisfaction survey
 * and a new-connection pre-registration. Tests change only the fields they are about.
 */
import type { ConnectionInput } from "../../modules/members/connections.server";

/** A complete survey answer for one account on the roll (its name must match the roll's). */
export const sampleSurvey = (accountNumber: string, extra: Record<string, unknown> = {}) => ({
  acceptPrivacyNotice: true,
  name: "Juan Dela Cruz",
  respondentName: "Maria Dela Cruz",
  city: "BANI",
  accountNumber,
  email: "maria@example.com",
  contactNumber: "0917 123 4567",
  reconnectionTime: 4,
  serviceReturnSpeed: 3,
  voltageIssues: 2,
  reconnectionAfterPayment: 1,
  serviceCourtesy: 4,
  suggestions: "More advisories by SMS, please.",
  ...extra,
});

/** A complete pre-registration for a new connection in one town. */
export const sampleApplicant = (lastName: string, firstName: string, town: string): ConnectionInput => ({
  lastName,
  firstName,
  suffix: "",
  middleName: "",
  address: `Purok 1, Poblacion, ${town}, Pangasinan`,
  dateOfBirth: "1988-06-15",
  age: 38,
  gender: "Female",
  civilStatus: "Married",
  contactNumbers: "0917 555 0101",
  nearestAccountNumber: "",
  educationalAttainment: "Secondary",
  occupation: "Fish vendor",
  dependents: 2,
  religion: "",
  annualIncome: "",
  tin: "",
});

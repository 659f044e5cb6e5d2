/**
 * The bill inquiry's account details: hard-coded SAMPLE data (spec section 2: "demo
 * account details (hard-coded sample data, no real calls)"). Shown only as a
 * demonstration, whatever account number was entered; nothing here is a real account.
 */
export const BILL_INQUIRY_SAMPLE = {
  accountName: "JUAN DELA CRUZ (sample)",
  address: "Poblacion, Bani, Pangasinan",
  meterNumber: "SAMPLE-000123",
  rateType: "Residential",
  billingPeriod: { from: "2026-01-05", to: "2026-02-04" },
  readings: { previous: 10_482, present: 10_631 },
  kwhUsed: 149,
  amountDuePhp: 1_788.6,
  dueDate: "2026-02-13",
  status: "Unpaid",
  lastPayment: { date: "2026-01-12", amountPhp: 1_652.35 },
} as const;

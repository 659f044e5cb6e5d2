/**
 * What members and staff have already done on a demo site, so a newcomer finds the console's
 * queues populated: survey answers, new-connection pre-registrations in several states, and a
 * restored incident with reports grouped into it. Dated in the past (nothing here is "on now",
 * so the live outage figures stay as the interruptions make them), in Infanta and on roll
 * accounts the tests do not use.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import * as t from "../db/schema";
import { createPreregistration } from "../modules/members/connections.server";
import { submitSurvey } from "../modules/members/survey.server";
import { fileReport } from "../modules/reports/queries.server";
import { SURVEY_CITIES } from "../modules/shared/constants";
import { DEMO_ACCOUNTS_PER_DISTRICT, demoAccountNumber } from "./accounts";

const DAY = 86_400_000;
const SUGGESTIONS = [
  "Sana mas mabilis ang pagbalik ng kuryente pag may bagyo.",
  "The linemen in our barangay were kind and quick. Thank you.",
  "Please post the schedule of interruptions earlier, one week before.",
  "",
  "Low voltage every evening around 7 PM in our sitio.",
  "Mas maganda kung may text bago mag-brownout.",
];

export async function seedActivity(db: Db, now: Date): Promise<void> {
  // Survey answers: the last account of each district (matched against the roll like any answer).
  for (let district = 1; district <= 9; district++) {
    const accountNumber = demoAccountNumber(district, DEMO_ACCOUNTS_PER_DISTRICT - 1);
    const [member] = await db
      .select({ name: t.agamAccounts.name })
      .from(t.agamAccounts)
      .where(eq(t.agamAccounts.accountNumber, accountNumber));
    if (!member) continue;
    const score = (n: number) => ((district * 7 + n * 3) % 4) + 1;
    await submitSurvey(
      db,
      {
        acceptPrivacyNotice: true,
        name: member.name,
        respondentName: member.name,
        city: SURVEY_CITIES[district - 1]!,
        accountNumber,
        email: `survey${district}@example.ph`,
        contactNumber: `0917 555 01${String(district).padStart(2, "0")}`,
        reconnectionTime: score(1),
        serviceReturnSpeed: score(2),
        voltageIssues: score(3),
        reconnectionAfterPayment: score(4),
        serviceCourtesy: score(5),
        suggestions: SUGGESTIONS[district % SUGGESTIONS.length]!,
      },
      new Date(now.getTime() - district * 2 * DAY),
    );
  }

  // Pre-registrations for a new connection, in several states of the queue.
  const people = [
    { lastName: "Dizon", firstName: "Ramon", town: "Infanta", status: "received" as const },
    { lastName: "Aquino", firstName: "Teresa", town: "Dasol", status: "documents-checked" as const },
    { lastName: "Ramos", firstName: "Eduardo", town: "Burgos", status: "seminar-scheduled" as const },
    { lastName: "Villanueva", firstName: "Cristina", town: "Mabini", status: "approved" as const },
    { lastName: "Mendoza", firstName: "Paolo", town: "Agno", status: "declined" as const },
  ];
  for (const [i, p] of people.entries()) {
    const { reference } = await createPreregistration(
      db,
      {
        lastName: p.lastName,
        firstName: p.firstName,
        suffix: "",
        middleName: "",
        address: `Purok ${i + 1}, Poblacion, ${p.town}, Pangasinan`,
        dateOfBirth: `19${80 + i}-0${i + 1}-1${i}`,
        age: 46 - i,
        gender: i % 2 ? "Female" : "Male",
        civilStatus: "Married",
        contactNumbers: `0918 444 02${i}${i}`,
        nearestAccountNumber: "",
        educationalAttainment: "Secondary",
        occupation: ["Farmer", "Sari-sari store owner", "Fisherman", "Teacher", "Tricycle driver"][i]!,
        dependents: i + 1,
        religion: "",
        annualIncome: "",
        tin: "",
      },
      new Date(now.getTime() - (10 - i) * DAY),
    );
    if (p.status === "received") continue;
    const [row] = await db
      .select({ id: t.connectionPreregistrations.id })
      .from(t.connectionPreregistrations)
      .where(eq(t.connectionPreregistrations.reference, reference));
    const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);
    await db.insert(t.connectionQueue).values({
      preregistrationId: row!.id,
      status: p.status,
      documents: [0, 1, 2],
      seminarDate: p.status === "seminar-scheduled" || p.status === "approved" ? day(p.status === "approved" ? -3 : 4) : null,
      inspectionDate: p.status === "approved" ? day(-1) : null,
      declineReason: p.status === "declined" ? "The house is outside the cooperative's franchise area." : "",
      updatedAt: new Date(now.getTime() - (5 - i) * DAY),
    });
  }

  // Yesterday evening: three neighbours reported the same outage (grouped into one incident), restored since.
  const [barangay] = await db
    .select({ id: t.barangays.id })
    .from(t.barangays)
    .where(and(eq(t.barangays.town, "Infanta")))
    .limit(1);
  if (!barangay) return;
  const evening = new Date(now.getTime() - DAY - 3 * 3600_000);
  let incidentId = 0;
  for (const [i, landmark] of ["near the public market", "beside the elementary school", "Sitio Proper, by the chapel"].entries()) {
    const filed = await fileReport(
      db,
      {
        kind: "no-power",
        barangayId: barangay.id,
        landmark,
        details: i === 0 ? "Whole street dark, a loud bang first" : "",
        accountNumber: "",
        mobile: "",
      },
      new Date(evening.getTime() + i * 12 * 60_000),
    );
    incidentId = filed.incidentId;
  }
  const restoredAt = new Date(evening.getTime() + 3 * 3600_000);
  await db.insert(t.incidentUpdates).values([
    {
      incidentId,
      status: "crew-on-site",
      note: "A crew is replacing a blown fuse on the feeder.",
      occurredAt: new Date(evening.getTime() + 5400_000),
    },
    { incidentId, status: "restored", note: "Power is back. Thank you for reporting.", occurredAt: restoredAt },
  ]);
  await db.update(t.incidents).set({ status: "restored", updatedAt: restoredAt }).where(eq(t.incidents.id, incidentId));
}

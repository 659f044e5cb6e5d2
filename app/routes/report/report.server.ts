/**
 * The report form's server side: reading the posted form (urlencoded, or multipart with a
 * photo), checking the captcha, filing the report, and the data the page shows.
 */

import { listUpcomingInterruptions } from "../../../modules/interruptions/queries.server";
import { interruptionView } from "../../../modules/interruptions/view";
import { listBarangayOptions } from "../../../modules/places/barangays.server";
import { reportFieldsSchemaWith } from "../../../modules/reports/fields";
import { REPORT_KINDS, type ReportKind } from "../../../modules/reports/model";
import { dropPendingPhoto, keepPendingPhoto, readPendingPhoto } from "../../../modules/reports/pending-photo.server";
import { preparePhoto } from "../../../modules/reports/photo.server";
import { addMeToo, fileReport, findBarangay, listIncidents } from "../../../modules/reports/queries.server";
import { readForm } from "../../../modules/shared/forms";
import { LOCALES, type Locale, translate, translator } from "../../../modules/shared/i18n";
import type { AppServices } from "../../context";
import { requestLocale, requestT } from "../../i18n";
import { SWITCH_FIELD } from "../../language-switch";
import { STATUS_KEYS as INTERRUPTION_STATUS_KEYS, interruptionMessages } from "../../messages/interruptions";
import { reportStatusMessages, STATUS_KEYS } from "../../messages/report-status";
import { CAPTCHA_KEYS, PHOTO_KEYS, reportMessages } from "../../messages/reports";
import { verifyCaptcha } from "../service/captcha.server";
import { checkQuestion, makeQuestion } from "./question.server";

export const FIELD_NAMES = ["kind", "barangayId", "landmark", "details", "latitude", "longitude", "accountNumber", "mobile"] as const;
export type ReportValues = Partial<Record<(typeof FIELD_NAMES)[number], string>> & {
  /** A photo kept from an earlier try (see modules/reports/pending-photo.server.ts). */
  photoToken?: string;
};
export type ReportErrors = Partial<Record<(typeof FIELD_NAMES)[number] | "photo" | "captcha" | "form", string>>;

/** The form's rules with their messages in each language, made once. */
const FIELDS_SCHEMA = Object.fromEntries(
  LOCALES.map((locale) => {
    const t = translator(reportMessages, locale);
    return [
      locale,
      reportFieldsSchemaWith({
        kind: t("report.field.kind"),
        barangay: t("report.field.barangay"),
        landmarkShort: t("report.field.landmark"),
        tooLong: (max) => t("report.field.tooLong", { max }),
        detailsTooLong: (max) => t("report.field.detailsTooLong", { max }),
        accountNumber: t("report.field.account"),
        mobile: t("report.field.mobile"),
      }),
    ];
  }),
) as Record<Locale, ReturnType<typeof reportFieldsSchemaWith>>;

/** The proof of work when scripts ran, the question otherwise; spends what it checks. */
function checkCaptcha(s: AppServices, form: FormData) {
  const altcha = form.get("altcha");
  return altcha ? verifyCaptcha(s.db, altcha) : checkQuestion(s.db, form.get("questionToken"), form.get("questionAnswer"));
}

export async function loadReportPage(s: AppServices, url: URL, locale: Locale) {
  const kindParam = url.searchParams.get("kind");
  const kind = (REPORT_KINDS as readonly string[]).includes(kindParam ?? "") ? (kindParam as ReportKind) : null;
  const barangayId = Number(url.searchParams.get("barangay"));
  const [list, barangay] = await Promise.all([
    // The barangays are reference data, kept until a content change (services.reference).
    s.reference("barangay-options", () => listBarangayOptions(s.db)),
    Number.isInteger(barangayId) && barangayId > 0 ? findBarangay(s.db, barangayId) : null,
  ]);
  let open: Awaited<ReturnType<typeof listIncidents>> = [];
  let interruptions: ReturnType<typeof interruptionView>[] = [];
  if (barangay) {
    const now = new Date();
    [open, interruptions] = await Promise.all([
      listIncidents(s.db, { open: true, barangayId: barangay.id, limit: 20 }),
      listUpcomingInterruptions(s.db, { town: barangay.town, barangay: barangay.name }, now).then((l) =>
        l
          .filter((i) => i.startsAt.getTime() - now.getTime() < 86_400_000)
          .map((i) => {
            // Labels in the page's language from the server: the page's bundle carries only its own catalog.
            const view = interruptionView(i, now, locale);
            return { ...view, statusLabel: translate(interruptionMessages, locale, INTERRUPTION_STATUS_KEYS[view.status]) };
          }),
      ),
    ]);
  }
  const mineId = Number(url.searchParams.get("mine"));
  return {
    barangays: list,
    kind,
    barangay,
    /** The open report chosen with "This is mine too", confirmed with the robot check. */
    mine: open.find((i) => i.id === mineId)?.id ?? null,
    open: open.map((i) => ({
      id: i.id,
      kind: i.kind,
      status: i.status,
      statusLabel: translate(reportStatusMessages, locale, STATUS_KEYS[i.status][0]),
      reportCount: i.reportCount,
      landmark: i.landmark,
      etr: i.etr?.toISOString() ?? null,
      lastReportAt: i.lastReportAt.toISOString(),
    })),
    interruptions,
    question: makeQuestion(Date.now(), locale),
    smsOn: Boolean(s.sms),
  };
}

export type SubmitResult = { ok: true; token: string } | { ok: false; status: number; values: ReportValues; errors: ReportErrors };

export async function submitReport(s: AppServices, request: Request): Promise<SubmitResult> {
  const t = requestT(reportMessages, request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {
      ok: false,
      status: 400,
      values: {},
      errors: { form: t("report.form.unreadable") },
    };
  }
  const submission = readForm(form, FIELDS_SCHEMA[requestLocale(request)]);
  const values: ReportValues = submission.values;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : "";
  };

  // The language switch carried the form here (app/language-switch.ts): the same step again in
  // this language with what was typed, nothing checked or spent; a photo chosen is kept by its token.
  if (form.has(SWITCH_FIELD)) {
    const file = form.get("photo");
    let photoToken = text("photoToken");
    if (file && typeof file !== "string" && file.size > 0) {
      const checked = await preparePhoto(new Uint8Array(await file.arrayBuffer()));
      if (checked.ok) photoToken = await keepPendingPhoto(s.storageDir, checked.photo);
    }
    // The first step names its choice `barangay` (a query for the second step's address).
    const barangayId = values.barangayId || text("barangay") || undefined;
    return { ok: false, status: 200, values: { ...values, barangayId, ...(photoToken ? { photoToken } : {}) }, errors: {} };
  }

  if (text("intent") === "me-too") {
    // Adding to a count is a report too: the same robot check as the form.
    const id = Number(text("incidentId"));
    const check = await checkCaptcha(s, form);
    if (check !== "ok") return { ok: false, status: 422, values, errors: { captcha: t(CAPTCHA_KEYS[check]) } };
    const filed = Number.isInteger(id) && id > 0 ? await addMeToo(s.db, id) : null;
    if (!filed)
      return {
        ok: false,
        status: 409,
        values,
        errors: { form: t("report.form.closed") },
      };
    return { ok: true, token: filed.statusToken };
  }

  const errors: ReportErrors = {};
  if (!submission.ok)
    for (const key of FIELD_NAMES) {
      const message = submission.errors[key];
      if (message) errors[key] = key === "latitude" || key === "longitude" ? t("report.field.position") : message;
    }
  const barangay = submission.ok ? await findBarangay(s.db, submission.data.barangayId) : null;
  if (submission.ok && !barangay) errors.barangayId = t("report.field.barangayList");

  const file = form.get("photo");
  let photo = null;
  // A photo sent with an earlier try that needed fixing is kept by its token (a new file replaces it).
  let keptToken = text("photoToken");
  if (file && typeof file !== "string" && file.size > 0) {
    const checked = await preparePhoto(new Uint8Array(await file.arrayBuffer()));
    if (checked.ok) {
      photo = checked.photo;
      keptToken = "";
    }
    // English keeps the picture's own figures ("7000 × 7000 pixels (49 MP)…"); other languages the catalog's words.
    else
      errors.photo =
        checked.reason === "too-many-pixels" && requestLocale(request) === "en" ? checked.message : t(PHOTO_KEYS[checked.reason]);
  } else if (keptToken) {
    photo = await readPendingPhoto(s.storageDir, keptToken);
    if (!photo) {
      keptToken = "";
      errors.photo = t("report.photo.expired");
    }
  }

  // The captcha is spent only when everything else is right, so a typo does not cost a new one.
  if (Object.keys(errors).length === 0) {
    const check = await checkCaptcha(s, form);
    if (check !== "ok") errors.captcha = t(CAPTCHA_KEYS[check]);
  } else if (!form.get("altcha") && !text("questionAnswer")) {
    errors.captcha = t(CAPTCHA_KEYS.missing);
  }
  if (Object.keys(errors).length > 0 || !submission.ok) {
    // Keep a good photo for the next try, so the reporter does not choose it again.
    if (photo && !keptToken) keptToken = await keepPendingPhoto(s.storageDir, photo);
    return { ok: false, status: 422, values: { ...values, ...(photo ? { photoToken: keptToken } : {}) }, errors };
  }

  const filed = await fileReport(s.db, { ...submission.data, photo });
  if (keptToken) await dropPendingPhoto(s.storageDir, keptToken);
  return { ok: true, token: filed.statusToken };
}

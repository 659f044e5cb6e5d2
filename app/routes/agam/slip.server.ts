/**
 * The AGAM confirmation slip's data, its QR code drawn here on the server: in a module of its
 * own so the QR library stays out of the pages' script (a route module's other exports ship to
 * the browser).
 */
import QRCode from "qrcode";
import type { AgamConfirmation as ConfirmationRecord } from "../../../modules/agam/pool.server";
import { UI } from "../../../modules/shared/constants";
import { formatDateTime } from "../../../modules/shared/dates";
import type { Locale } from "../../../modules/shared/i18n";

/** What the slip shows, with its QR code drawn on the server. */
export async function slipOf(confirmation: ConfirmationRecord, locale: Locale = "en") {
  const qrSvg = await QRCode.toString(confirmation.reference, {
    type: "svg",
    errorCorrectionLevel: UI.qrErrorCorrection,
    margin: 1,
    width: UI.qrSizePx,
  });
  return { confirmation: { ...confirmation, registeredAtText: formatDateTime(confirmation.registeredAt, locale) }, qrSvg };
}
export type Slip = Awaited<ReturnType<typeof slipOf>>;

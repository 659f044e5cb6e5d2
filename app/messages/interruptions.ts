/** The power interruption schedules page, and interruption words used elsewhere (ticker, home). */
import { defineMessages } from "../../modules/shared/i18n";

export const interruptionMessages = defineMessages({
  en: {
    "status.scheduled": "Scheduled",
    "status.ongoing": "Ongoing",
    "status.finished": "Finished",
    "status.cancelled": "Cancelled",
    "status.extended": "Extended",
  },
  fil: {
    "status.scheduled": "Nakatakda",
    "status.ongoing": "Nagaganap ngayon",
    "status.finished": "Natapos na",
    "status.cancelled": "Kinansela",
    "status.extended": "Pinahaba",
  },
});

/** A status's label, by a key the catalog check can see. */
export const STATUS_KEYS = {
  scheduled: "status.scheduled",
  ongoing: "status.ongoing",
  finished: "status.finished",
  cancelled: "status.cancelled",
  extended: "status.extended",
} as const;

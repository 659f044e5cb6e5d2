/** The e-mail that carries a staff invitation: who invited whom, to what role, and the one-time link. */
import { COOPERATIVE } from "../shared/constants";
import { formatDateTime } from "../shared/dates";
import { type Role, roleLabels } from "./permissions";

export function inviteEmailMessage(input: { name: string; role: Role; url: string; expiresAt: Date; invitedBy: string }): {
  subject: string;
  text: string;
} {
  return {
    subject: `Your ${COOPERATIVE.shortName} staff console account`,
    text: [
      `Hello ${input.name},`,
      "",
      `${input.invitedBy} has made you a ${COOPERATIVE.shortName} staff console account (role: ${roleLabels[input.role]}).`,
      "",
      `To set it up, open this link and choose a password, then add a second factor (an authenticator app or a passkey). The link works once, until ${formatDateTime(input.expiresAt)} Manila time:`,
      "",
      input.url,
      "",
      "If you did not expect this e-mail, do not open the link; tell the cooperative's administrator.",
    ].join("\n"),
  };
}

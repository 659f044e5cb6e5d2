/** The registration window and the topics as the registration page reads them: kept until a content change (services.reference). */
import { type AgamWindow, getWindow } from "../../../modules/agam/admin.server";
import { type AgamTopic, listTopics } from "../../../modules/agam/pool.server";
import type { AppServices } from "../../../server/deps";

/**
 * Staff's window and topics (every staff change of them announces AGAM_SETTINGS_AREA). Whether
 * the window is open is decided from the clock at each render; a registration itself is
 * checked against the database's window, not this copy.
 */
export function keptRegistrationSettings(
  s: Pick<AppServices, "db" | "reference">,
): Promise<{ window: AgamWindow | null; topics: AgamTopic[] }> {
  return s.reference("agam-settings", async () => {
    const [window, topics] = await Promise.all([getWindow(s.db), listTopics(s.db)]);
    return { window, topics };
  });
}

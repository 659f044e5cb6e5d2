/** GET /service/bill-inquiry/challenge: a fresh ALTCHA challenge for the bill inquiry's widget (JSON, never cached). */
import type { Route } from "./+types/bill-inquiry-challenge";
import { createCaptchaChallenge } from "./captcha.server";

export async function loader(_args: Route.LoaderArgs) {
  return Response.json(await createCaptchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}

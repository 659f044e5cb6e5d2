/**
 * Where a browser's push subscription may point. A push endpoint is a URL the server will
 * POST to, and anyone can submit one; so only `https:` endpoints of the browsers' push
 * services are taken (and sent to), never an address of the server's own network
 * (127.0.0.1, 10.0.0.1, 169.254.169.254, …), and a redirect is never followed.
 * `PUSH_SERVICE_ORIGINS` names further push services by exact origin (a private one, or the
 * loopback stand-in in tests): an explicit list, not a way around the rule.
 */

/** The push services of Chrome/Edge/Opera/Samsung (FCM), Firefox (autopush), Edge (WNS) and Safari (APNs). */
export const KNOWN_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "updates.push.services.mozilla.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
] as const;

function isKnownHost(host: string): boolean {
  return KNOWN_PUSH_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** Whether the server may send to this endpoint: https on a known push service, or an origin listed in the settings. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === "https:" && (url.port === "" || url.port === "443") && isKnownHost(url.hostname.toLowerCase());
}

/** PUSH_SERVICE_ORIGINS as a list of origins ("https://push.example.org,http://localhost:4000"). */
export function parsePushOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => new URL(s).origin);
}

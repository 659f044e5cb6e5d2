import net from "node:net";
import path from "node:path";
import { z } from "zod";
import type { DatabaseHandle } from "../db/client";
import type { BackupJob } from "../modules/ops/backup-schedule.server";
import { DEFAULT_RETENTION, type RetentionPolicy } from "../modules/privacy/retention";
import { captchaEnvShape } from "../modules/shared/captcha-settings";

/** Every setting the service reads from the environment, checked once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Where the daily backup writes its archives (7 daily, 4 weekly kept). Default: DATA_DIR/backups; better another disk. */
  BACKUP_DIR: z.string().min(1).optional(),
  /**
   * The backup key (32 random bytes, base64) that encrypts every archive: never in an archive nor
   * in BACKUP_DIR, and kept by IT off the machine. Default: DATA_DIR/backup.key, made at the
   * first backup; production names /etc/wespeco/backup.key (README, "Backups and restore").
   */
  BACKUP_KEY_FILE: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "a redis:// or rediss:// URL")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long a public page or API answer stays in the server cache. */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** How long reference data (news categories, partners, barangays) stays in memory; content changes drop it at once. */
  REFERENCE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** The cap on the server cache's memory (every kept answer, in every encoding). */
  CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1_000_000)
    .default(128 * 1024 * 1024),
  /** Worker processes sharing the port (PostgreSQL only; PGlite is one process). Default: the cores. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The longest a client may take to send a whole request, headers and body: a client
   * trickling a byte every few seconds is cut off with 408 (checked every second or so).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Turn the per-IP rate limits off (load benchmarks only). */
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  /** Prometheus metrics on this port (server/prometheus.ts), apart from the site's; off when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where the metrics port listens: loopback unless a scraper on another machine needs it. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Expose /__metrics (render, query and cache counters) for benchmarks. */
  METRICS: z.enum(["on", "off"]).default("off"),
  /** Seed demo content when the database is empty. */
  /** Demo content and the demo administrator's link: on by default, except with NODE_ENV=production. */
  SEED_DEMO: z.enum(["on", "off"]).optional(),
  /**
   * Online payments through a hosted checkout (PayMongo's API): on when all three are set.
   * `npm start` on the embedded default without them runs the stand-in gateway on loopback
   * (test payments); NODE_ENV=production without them shows where to pay, no Pay button.
   */
  PAYMENT_GATEWAY_URL: z.url().optional(),
  PAYMENT_SECRET_KEY: z.string().min(8).optional(),
  PAYMENT_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** `off`: no stand-in gateway on `npm start` away from production (server/payments/demo-gateway.ts). */
  PAYMENT_STAND_IN: z.enum(["on", "off"]).optional(),
  /** The convenience fee in pesos, shown before paying and added to the checkout. */
  PAYMENT_FEE_PHP: z.coerce.number().min(0).max(1000).default(0),
  /** SMS gateway (Semaphore's message API shape): on when both URL and key are set. */
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_API_KEY: z.string().min(1).optional(),
  SMS_SENDER_NAME: z.string().min(1).max(11).optional(),
  /** Alerts by e-mail: on when set (smtp:// or smtps://, pooled). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("WESPECO Alerts <alerts@wespeco.example.ph>"),
  /** What the mail provider allows: messages per second, and connections at once. */
  SMTP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  /** What the SMS gateway allows (Semaphore: 120 calls a minute). */
  SMS_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Numbers one gateway call may carry (Semaphore: 1,000 comma-separated). */
  SMS_BULK_LIMIT: z.coerce.number().int().min(1).max(1000).default(1000),
  /** Gateway credits one segment to one number uses (Semaphore: 1). */
  SMS_CREDITS_PER_SEGMENT: z.coerce.number().min(0).max(100).default(1),
  /** Shared secret the SMS gateway sends with inbound messages (STOP); inbound is off without it. */
  SMS_INBOUND_SECRET: z.string().min(16).optional(),
  /** Web push: generated on first start into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  /**
   * Push services besides the browsers' own, by exact origin, comma-separated: a private push
   * service, or the loopback stand-in in tests. Endpoints anywhere else are refused (modules/alerts/push-endpoints.ts).
   */
  PUSH_SERVICE_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,/]+(,\s*https?:\/\/[^\s,/]+)*$/, "a comma-separated list of origins like https://push.example.org")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "a mailto: or https:// address")
    .default("mailto:contact@wespeco.example.ph"),
  /** Run the alerts worker (pg-boss) in this process. PGlite needs it here; with PostgreSQL it may run elsewhere. */
  ALERTS_WORKER: z.enum(["on", "off"]).default("on"),
  /** Signs staff session cookies and encrypts TOTP secrets; made once and kept in the database when unset. */
  AUTH_SECRET: z.string().min(32, "at least 32 characters").optional(),
  /**
   * Which proxy's X-Forwarded-For (and -Proto, -Host) to believe: `off` (the default:
   * the client is the socket's peer), a hop count (`1`: the one proxy in front), or a
   * comma-separated list of proxy addresses and CIDR ranges (`127.0.0.1,10.0.0.0/8`).
   * Trusting every sender would let anyone choose their own address for the limits.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("off")
    .refine(
      (v) => v === "off" || /^\d{1,2}$/.test(v) || v.split(",").every((a) => isAddressOrRange(a.trim())),
      "off, a hop count (like 1) or a list of proxy addresses or CIDR ranges (like 127.0.0.1,10.0.0.0/8)",
    ),
  /** Personal data retention (modules/privacy/retention.ts; defaults in the README). */
  RETENTION_SURVEY_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_RETENTION.surveyDays),
  RETENTION_PREREGISTRATION_DAYS: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_RETENTION.preregistrationDays),
  RETENTION_AGAM_DAYS_AFTER_ASSEMBLY: z.coerce.number().int().min(1).max(36_500).default(DEFAULT_RETENTION.agamDaysAfterAssembly),
  /** The AGAM's date (Manila), YYYY-MM-DD: registrations are anonymized RETENTION_AGAM_DAYS_AFTER_ASSEMBLY after it. */
  AGAM_ASSEMBLY_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2027-04-24")
    .optional(),
  ...captchaEnvShape,
});

/** The retention settings of a configuration. */
export function retentionOf(config: Config): RetentionPolicy {
  return {
    surveyDays: config.RETENTION_SURVEY_DAYS,
    preregistrationDays: config.RETENTION_PREREGISTRATION_DAYS,
    agamDaysAfterAssembly: config.RETENTION_AGAM_DAYS_AFTER_ASSEMBLY,
    assemblyDate: config.AGAM_ASSEMBLY_DATE ?? null,
  };
}

function isAddressOrRange(value: string): boolean {
  const [address, bits, ...rest] = value.split("/");
  const family = net.isIP(address ?? "");
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Fastify's `trustProxy` from TRUST_PROXY: false, the nearest n hops, or the addresses to trust. */
export function trustProxyOption(value: string): false | ((address: string, hop: number) => boolean) | string[] {
  if (value === "off") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(",").map((a) => a.trim());
}

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  storageDir: string;
  backupDir: string;
  backupKeyFile: string;
  /** The push keys made and kept by the site when VAPID_* are unset (0600); in every backup. */
  vapidFile: string;
  publicUrl: string;
};

/** Empty strings count as unset, as in most .env tooling. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;
}

export class ConfigError extends Error {}

/** What a backup reads and where it writes: the daily job and `npm run backup` alike. */
export function backupJobOf(config: Config, database: DatabaseHandle): BackupJob {
  return {
    database,
    storageDir: config.storageDir,
    vapidFile: config.vapidFile,
    keyFile: config.backupKeyFile,
    backupDir: config.backupDir,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} must be ${describe(issue)} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  // Absolute links (canonical, Open Graph, feeds, sitemap) come only from here, never from a request's Host.
  // Checked when NODE_ENV=production is set explicitly, so `npm start` on a laptop keeps working.
  if (env.NODE_ENV === "production" && !c.PUBLIC_URL)
    throw new ConfigError(
      "Invalid configuration: PUBLIC_URL must be set in production (the site's public origin, e.g. https://www.wespeco.example.ph)",
    );
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    // A production start gets no demo content and no demo account unless SEED_DEMO=on asks for them.
    SEED_DEMO: c.SEED_DEMO ?? (env.NODE_ENV === "production" ? "off" : "on"),
    dataDir,
    storageDir: path.join(dataDir, "storage"),
    backupDir: c.BACKUP_DIR ? path.resolve(c.BACKUP_DIR) : path.join(dataDir, "backups"),
    backupKeyFile: c.BACKUP_KEY_FILE ? path.resolve(c.BACKUP_KEY_FILE) : path.join(dataDir, "backup.key"),
    vapidFile: path.join(dataDir, "vapid.json"),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
  };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (issue.code === "too_small" || issue.code === "too_big")
    return `a whole number from 0 to ${issue.path[0] === "PORT" ? 65535 : "the limit"}`;
  if (issue.code === "invalid_type") return "a number";
  if (issue.code === "invalid_format") return issue.message.startsWith("Invalid") ? `a valid ${issue.format}` : issue.message;
  return issue.message;
}

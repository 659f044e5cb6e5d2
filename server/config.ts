import path from "node:path";
import { z } from "zod";
import { captchaEnvShape } from "../core/captcha-settings";

/** Every setting the service reads from the environment, checked once at start. */
const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "a postgres:// or postgresql:// URL")
    .optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "a redis:// or rediss:// URL").optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long a public page or API answer stays in the server cache. */
  CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Turn the per-IP rate limits off (load benchmarks only). */
  RATE_LIMIT: z.enum(["on", "off"]).default("on"),
  /** Expose /__metrics (render, query and cache counters) for benchmarks. */
  METRICS: z.enum(["on", "off"]).default("off"),
  /** Seed demo content when the database is empty. */
  SEED_DEMO: z.enum(["on", "off"]).default("on"),
  ...captchaEnvShape,
});

export type Config = z.infer<typeof envSchema> & {
  dataDir: string;
  storageDir: string;
  publicUrl: string;
};

/** Empty strings count as unset, as in most .env tooling. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string>;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} must be ${describe(issue)} (got ${JSON.stringify(env[name])})`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    storageDir: path.join(dataDir, "storage"),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
  };
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_value") return `one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (issue.code === "too_small" || issue.code === "too_big") return `a whole number from 0 to ${issue.path[0] === "PORT" ? 65535 : "the limit"}`;
  if (issue.code === "invalid_type") return "a number";
  if (issue.code === "invalid_format") return issue.message.startsWith("Invalid") ? `a valid ${issue.format}` : issue.message;
  return issue.message;
}

/** The service: read the environment, open the database, listen, drain on SIGTERM. */
import { ConfigError, loadConfig } from "./config";
import { startApp } from "./start";

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await startApp(config);
await app.listen({ port: config.PORT, host: config.HOST });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, "shutting down: finishing requests in flight");
  // Exit within 10 s whatever happens.
  const force = setTimeout(() => process.exit(1), 9_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
} satisfies Config;

import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps";

/** The Fastify instance API plugins get: zod schemas type the handlers. */
export type ApiPlugin = (app: FastifyInstance, opts: { deps: AppDeps }) => Promise<void>;
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * GET /api/v1/outages/status: the restoration hub's figures as JSON, for disaster offices
 * and the media. GET /api/v1/outages/cap.xml: the CAP 1.2 message of active major events
 * and unplanned outages. Both cached like every public answer.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { buildCapAlert, buildInterruptionCap } from "../../../modules/interruptions/cap.server";
import { capInterruption, capInterruptions } from "../../../modules/interruptions/cap-interruptions.server";
import { activeMajorEvent, getHubStatus } from "../../../modules/interruptions/restoration-hub.server";
import { INCIDENT_STATUSES, OUTAGE_KINDS, REPORT_KINDS } from "../../../modules/reports/model";
import { listIncidents } from "../../../modules/reports/queries.server";
import { TOWNS } from "../../../modules/shared/constants";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

const iso = z.string().meta({ description: "ISO 8601 time", example: "2026-11-23T09:30:00.000Z" });
const figures = {
  barangays_total: z.number().int(),
  barangays_energized: z
    .number()
    .int()
    .meta({ description: "Barangays with no consumer reported off (a barangay without figures counts as energized)" }),
  consumers_total: z.number().int().meta({ description: "Consumers counted in the barangays with figures" }),
  consumers_restored: z.number().int(),
  restored_share: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .meta({ description: "consumers_restored / consumers_total; null when no consumers were counted", example: 0.6667 }),
  etr: iso.nullable().meta({ description: "Latest estimated restoration among the areas still off" }),
  crews: z.number().int().meta({ description: "Crews deployed" }),
  updated_at: iso.nullable().meta({ description: "When a figure was last updated" }),
};

export const outageStatusSchema = z.object({
  data: z.object({
    major_event: z
      .object({ title: z.string(), message: z.string(), started_at: iso })
      .nullable()
      .meta({ description: "The declared major event (typhoon), or null" }),
    totals: z.object(figures),
    towns: z.array(
      z.object({
        town: z.enum(TOWNS),
        ...figures,
        areas_off: z.array(
          z.object({
            barangay: z.string(),
            consumers: z.number().int(),
            consumers_off: z.number().int(),
            etr: iso.nullable(),
            crews: z.number().int(),
            updated_at: iso.nullable(),
            reasons: z.array(z.string()).meta({
              description: "Why the barangay counts as off: the dispatchers' figures, an interruption on now, an open report of no power",
            }),
          }),
        ),
      }),
    ),
    open_incidents: z
      .array(
        z.object({
          id: z.number().int(),
          kind: z.enum(REPORT_KINDS),
          status: z.enum(INCIDENT_STATUSES),
          town: z.enum(TOWNS),
          barangay: z.string(),
          report_count: z.number().int(),
          etr: iso.nullable(),
          updated_at: iso,
        }),
      )
      .meta({ description: "Incidents reported by the public and not yet closed, newest first" }),
  }),
});

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

export default async function outagesApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;
  typed(app).get(
    "/outages/status",
    {
      schema: {
        summary: "Restoration status by town",
        description:
          "The figures of the /outages page: per town, barangays energized out of total, the share of consumers restored, the latest estimated restoration, crews deployed and when each was last updated; with the open incidents reported by the public.",
        tags: ["Outages"],
        response: { 200: outageStatusSchema },
      },
    },
    async () => {
      const [hub, event, open] = await Promise.all([
        getHubStatus(db),
        activeMajorEvent(db),
        listIncidents(db, { open: true, limit: 1000 }),
      ]);
      const f = (t: (typeof hub)["totals"]) => ({
        barangays_total: t.barangaysTotal,
        barangays_energized: t.barangaysEnergized,
        consumers_total: t.consumersTotal,
        consumers_restored: t.consumersRestored,
        restored_share: t.restoredShare === null ? null : Math.round(t.restoredShare * 10_000) / 10_000,
        etr: isoOrNull(t.etr),
        crews: t.crews,
        updated_at: isoOrNull(t.updatedAt),
      });
      return {
        data: {
          major_event: event ? { title: event.title, message: event.message, started_at: event.startedAt.toISOString() } : null,
          totals: f(hub.totals),
          towns: hub.towns.map((t) => ({
            town: t.town as (typeof TOWNS)[number],
            ...f(t),
            areas_off: t.areasOff.map((a) => ({
              barangay: a.name,
              consumers: a.consumers,
              consumers_off: a.consumersOff,
              etr: isoOrNull(a.etr),
              crews: a.crews,
              updated_at: isoOrNull(a.updatedAt),
              reasons: a.reasons,
            })),
          })),
          open_incidents: open.map((i) => ({
            id: i.id,
            kind: i.kind,
            status: i.status,
            town: i.town,
            barangay: i.barangay,
            report_count: i.reportCount,
            etr: isoOrNull(i.etr),
            updated_at: i.updatedAt.toISOString(),
          })),
        },
      };
    },
  );

  app.get(
    "/outages/cap.xml",
    {
      schema: {
        operationId: "getOutagesCap",
        summary: "CAP 1.2 alert of major events, power interruptions and reported outages",
        description:
          'One OASIS Common Alerting Protocol 1.2 `<alert>` (namespace urn:oasis:names:tc:emergency:cap:1.2) with one `<info>` per declared major event, per power interruption on now or announced (unplanned "power off now" and planned ones; each also has its own message at /outages/cap/interruption-{id}.xml, updated and cancelled as CAP 1.2 says) and per open unplanned outage (no power, partial power, line down) reported by the public. Valid against the OASIS CAP 1.2 XML schema. The identifier changes whenever the content does.',
        tags: ["Outages"],
        produces: ["application/cap+xml"],
        response: {
          200: {
            description: "The CAP 1.2 message",
            content: {
              "application/cap+xml": {
                schema: z.string().meta({ description: '<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">…</alert>' }),
              },
            },
          },
        },
      },
      // XML, not JSON: sent as is. The type is set before the (cached) handler so a cache hit keeps it.
      serializerCompiler: () => (data: unknown) => String(data),
      onRequest: async (_request, reply) => {
        reply.type("application/cap+xml; charset=utf-8");
      },
    },
    async (request) => {
      const now = new Date();
      const [event, open, interruptions] = await Promise.all([
        activeMajorEvent(db),
        listIncidents(db, { open: true, limit: 1000 }),
        capInterruptions(db, now),
      ]);
      const origin = deps.config.PUBLIC_URL ? deps.config.publicUrl : `${request.protocol}://${request.host}`;
      return buildCapAlert({
        origin,
        now,
        events: event ? [event] : [],
        interruptions,
        outages: open
          .filter((i) => OUTAGE_KINDS.has(i.kind))
          .map((i) => ({
            incidentId: i.id,
            kind: i.kind,
            status: i.status,
            barangay: i.barangay,
            town: i.town,
            reportCount: i.reportCount,
            since: i.createdAt,
            updatedAt: i.updatedAt,
            etr: i.etr,
          })),
      });
    },
  );

  app.get(
    "/outages/cap/interruption-:id.xml",
    {
      schema: {
        operationId: "getInterruptionCap",
        summary: "CAP 1.2 message of one power interruption",
        description:
          "The current OASIS CAP 1.2 message of one published power interruption: msgType Alert when it was announced, Update after each change (moved, extended, ongoing, restored with responseType AllClear), Cancel when cancelled; <references> names every earlier message of it (sender,identifier,sent). 404 for an interruption not published.",
        tags: ["Outages"],
        produces: ["application/cap+xml"],
        params: z.object({ id: z.string().regex(/^\d{1,9}$/) }),
        response: {
          200: {
            description: "The CAP 1.2 message",
            content: { "application/cap+xml": { schema: z.string() } },
          },
        },
      },
      serializerCompiler: () => (data: unknown) => String(data),
      onRequest: async (_request, reply) => {
        reply.type("application/cap+xml; charset=utf-8");
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { id } = request.params as { id: string };
      const interruption = await capInterruption(db, Number(id), now);
      const origin = deps.config.PUBLIC_URL ? deps.config.publicUrl : `${request.protocol}://${request.host}`;
      const xml = interruption && buildInterruptionCap({ origin, now, interruption });
      // The API's own 404 (JSON, as every other unknown address).
      if (!xml) return reply.callNotFound();
      return xml;
    },
  );
}

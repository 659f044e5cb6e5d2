/**
 * Open311 GeoReport v2 at /open311/v2 (https://wiki.open311.org/GeoReport_v2): existing
 * Open311 clients list the report kinds, file a report with an API key issued from the
 * console, and follow it. JSON or XML by the path's extension, as the specification says;
 * errors are `[{code, description}]` or `<errors><error>…</error></errors>`.
 *
 * What is public: a request's kind, barangay, state and times, never the reporter's words,
 * position or contact. A client with an api_key the cooperative issued (a partner system)
 * also reads each request's stored description and coordinates, as GeoReport v2 gives them;
 * the contact never leaves the console. /open311/discovery.json (or .xml) names the endpoint.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { capDateTime } from "../modules/interruptions/cap.server";
import { checkOpen311Key } from "../modules/interruptions/restoration-hub.server";
import { listBarangayOptions } from "../modules/places/barangays.server";
import { reportFieldsSchema } from "../modules/reports/fields";
import {
  CLOSED_STATUSES,
  INCIDENT_STATUS_LABELS,
  REFERENCE_PATTERN,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type ReportKind,
} from "../modules/reports/model";
import { fileReport, findBarangay, listPublicRequests, type PublicRequest, requestDetails } from "../modules/reports/queries.server";
import { type AttemptRule, reserveAttempt } from "../modules/shared/attempt-limits.server";
import { COOPERATIVE } from "../modules/shared/constants";
import { HttpError, toErrorAnswer } from "../modules/shared/errors";
import { escapeXml } from "../modules/shared/escape";
import type { AppDeps } from "./deps";

/** Wrong api_keys from one address: 10 in 15 minutes, then a minute doubling to 15 (reserved before the check). */
export const OPEN311_KEY_RULE: AttemptRule = {
  name: "open311-key",
  free: 10,
  windowMs: 15 * 60_000,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
};

type Format = "json" | "xml";
type Row = Record<string, string | number | boolean | null | Row[] | Record<string, unknown>>;

const SERVICE_DESCRIPTIONS: Record<ReportKind, string> = {
  "no-power": "No electricity at the address or in the area.",
  "partial-power": "Some lights or outlets work, or the voltage is low (dim lights, appliances that will not start).",
  "line-down": "A power line on the ground, hanging low or sparking. Danger: stay away and call the hotline.",
  pole: "A utility pole that leans, is cracked or broken.",
  tree: "A tree or branch touching or leaning on a power line.",
  meter: "A damaged, burning, stopped or missing electric meter.",
  other: "Another problem with the cooperative's lines or service.",
};

/** Open311's XML: every key an element, arrays as repeated children named by the caller. */
function toXml(name: string, value: unknown, childName: (parent: string) => string): string {
  if (value === null || value === undefined) return `<${name}/>`;
  if (Array.isArray(value)) return `<${name}>${value.map((v) => toXml(childName(name), v, childName)).join("")}</${name}>`;
  if (typeof value === "object")
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v, childName))
      .join("")}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}
const CHILD: Record<string, string> = {
  services: "service",
  service_requests: "request",
  attributes: "attribute",
  values: "value",
  errors: "error",
  endpoints: "endpoint",
  formats: "format",
};
const childName = (parent: string) => CHILD[parent] ?? "item";

function send(reply: FastifyReply, format: Format, root: string, body: unknown, status = 200) {
  reply.code(status);
  if (format === "xml")
    return reply.type("text/xml; charset=utf-8").send(`<?xml version="1.0" encoding="utf-8"?>\n${toXml(root, body, childName)}`);
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(body));
}

function fail(reply: FastifyReply, format: Format, status: number, description: string) {
  reply.header("Cache-Control", "no-store");
  return send(reply, format, "errors", [{ code: status, description }], status);
}

/** "services.json" → json; anything else is not an Open311 address. */
function splitFile(file: string): { name: string; format: Format } | null {
  const m = /^(.+)\.(json|xml)$/.exec(file);
  return m ? { name: m[1]!, format: m[2] as Format } : null;
}

function serviceList() {
  return REPORT_KINDS.map((k) => ({
    service_code: k,
    service_name: REPORT_KIND_LABELS[k],
    description: SERVICE_DESCRIPTIONS[k],
    metadata: true,
    type: "realtime",
    keywords: k === "line-down" ? "power line, wire, sparking, danger" : "electricity, power",
    group: k === "line-down" || k === "pole" || k === "tree" ? "Hazards" : "Outages",
  }));
}

type Details = Awaited<ReturnType<typeof requestDetails>> extends Map<string, infer D> ? D : never;

function requestView(r: PublicRequest, details?: Details): Row {
  const closed = CLOSED_STATUSES.has(r.status);
  const described = details && (details.details || details.landmark);
  return {
    service_request_id: r.reference,
    status: closed ? "closed" : "open",
    status_notes: `${INCIDENT_STATUS_LABELS[r.status]}${r.note ? `. ${r.note}` : ""}`,
    service_name: REPORT_KIND_LABELS[r.kind],
    service_code: r.kind,
    description: described || `${REPORT_KIND_LABELS[r.kind]} in ${r.barangay}, ${r.town}`,
    agency_responsible: COOPERATIVE.shortName,
    service_notice: r.kind === "line-down" ? "Stay away from the line and call the hotline." : null,
    requested_datetime: capDateTime(r.requestedAt),
    updated_datetime: capDateTime(r.updatedAt),
    expected_datetime: r.etr && !closed ? capDateTime(r.etr) : null,
    address: `${r.barangay}, ${r.town}, Pangasinan`,
    address_id: null,
    zipcode: null,
    lat: details?.latitude ?? null,
    long: details?.longitude ?? null,
    media_url: null,
  };
}

/** Open311 dates: ISO 8601 (w3 format); a bad one is a 400. */
function parseDate(value: unknown): Date | null | "bad" {
  if (value === undefined || value === "") return null;
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? "bad" : d;
}

export async function registerOpen311(app: FastifyInstance, deps: Pick<AppDeps, "database" | "config">) {
  const db = deps.database.db;

  /**
   * A read's api_key, when one is given: a valid one opens the stored words and position, a
   * wrong one is refused (and counted like a wrong key on a post, so keys cannot be guessed).
   */
  const readerKey = async (request: FastifyRequest, reply: FastifyReply, format: Format): Promise<"anonymous" | "partner" | "refused"> => {
    const key = String((request.query as Record<string, unknown>).api_key ?? "");
    if (!key) return "anonymous";
    const reservation = await reserveAttempt(db, OPEN311_KEY_RULE, [`ip:${request.ip}`]);
    if (!reservation.ok) {
      reply.header("Retry-After", String(Math.ceil(reservation.waitMs / 1000)));
      await fail(reply, format, 429, "Too many wrong api_key tries from your address. Please wait, then try again.");
      return "refused";
    }
    const client = await checkOpen311Key(db, key);
    if (!client) {
      await fail(reply, format, 403, "That api_key is not valid. Leave it out to read the public view.");
      return "refused";
    }
    await reservation.release();
    request.log.info({ open311Client: client.name }, "open311 read with a key");
    return "partner";
  };
  const viewsOf = async (rows: PublicRequest[], reader: "anonymous" | "partner") => {
    const details =
      reader === "partner"
        ? await requestDetails(
            db,
            rows.map((r) => r.reference),
          )
        : new Map<string, Details>();
    return rows.map((r) => requestView(r, details.get(r.reference)));
  };

  const discovery = (format: Format) => (_request: FastifyRequest, reply: FastifyReply) => {
    reply.header("Cache-Control", "public, max-age=3600");
    reply.header("Access-Control-Allow-Origin", "*");
    const changeset = "2026-11-25T00:00:00+08:00";
    return send(reply, format, "discovery", {
      changeset,
      contact: `${COOPERATIVE.name}, ${COOPERATIVE.phone}, ${COOPERATIVE.email}`,
      key_service: `Ask ${COOPERATIVE.shortName} for an api_key (${COOPERATIVE.email}); reading needs none.`,
      endpoints: [
        {
          specification: "http://wiki.open311.org/GeoReport_v2",
          url: `${deps.config.publicUrl}/open311/v2`,
          changeset,
          type: "production",
          formats: ["application/json", "text/xml"],
        },
      ],
    });
  };
  app.get("/open311/discovery.json", discovery("json"));
  app.get("/open311/discovery.xml", discovery("xml"));
  await app.register(
    async (scope) => {
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 64 * 1024 },
        (_request, body, done) => {
          done(null, Object.fromEntries(new URLSearchParams(String(body))));
        },
      );
      const formatOf = (request: FastifyRequest) => (request.url.split("?")[0]!.endsWith(".xml") ? "xml" : "json");
      // Clients send JSON as often as the specification's form: both read the same; a broken one is a 400.
      scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => {
        try {
          const value = JSON.parse(String(body) || "{}");
          if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
          // Attribute values may come nested ({"attribute": {"barangay": "12"}}): read them as the form's keys.
          const flat: Record<string, unknown> = { ...value };
          if (value.attribute && typeof value.attribute === "object")
            for (const [k, v] of Object.entries(value.attribute as Record<string, unknown>)) flat[`attribute[${k}]`] = v;
          done(
            null,
            Object.fromEntries(Object.entries(flat).map(([k, v]) => [k, v == null ? "" : typeof v === "object" ? "" : String(v)])),
          );
        } catch {
          done(Object.assign(new Error("The JSON body could not be read."), { statusCode: 400 }), undefined);
        }
      });
      scope.addHook("onRequest", async (request, reply) => {
        if (request.method === "GET" || request.method === "HEAD") reply.header("Access-Control-Allow-Origin", "*");
        if (request.method === "POST") {
          const type = String(request.headers["content-type"] ?? "")
            .split(";")[0]!
            .trim()
            .toLowerCase();
          if (type !== "application/x-www-form-urlencoded" && type !== "application/json")
            return fail(reply, formatOf(request), 415, "Send the request as application/x-www-form-urlencoded or application/json.");
        }
      });
      scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        // Our own refusals (HttpError, e.g. text with U+0000) keep their status and message.
        const own = error instanceof HttpError && error.status < 500 ? toErrorAnswer(error) : null;
        const status = own?.status ?? (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 503);
        if (status === 503 && !request.server.outage?.failed(error)) request.log.error({ err: error }, "open311 request failed");
        return fail(
          reply,
          formatOf(request),
          status,
          own?.body.error.message ??
            (status === 503
              ? "The service could not answer just now. Please try again shortly."
              : error.message || "The request could not be read."),
        );
      });
      scope.setNotFoundHandler((request, reply) => fail(reply, formatOf(request), 404, "There is no such Open311 resource."));

      const services = async (format: Format, reply: FastifyReply) => {
        reply.header("Cache-Control", "public, max-age=300");
        return send(reply, format, "services", serviceList());
      };
      scope.get("/services.json", async (_r, reply) => services("json", reply));
      scope.get("/services.xml", async (_r, reply) => services("xml", reply));

      scope.get<{ Params: { file: string } }>("/services/:file", async (request, reply) => {
        const file = splitFile(request.params.file);
        if (!file) return fail(reply, "json", 404, "Add .json or .xml to the address.");
        if (!(REPORT_KINDS as readonly string[]).includes(file.name))
          return fail(reply, file.format, 404, `There is no service ${file.name}.`);
        const barangays = await listBarangayOptions(db);
        reply.header("Cache-Control", "public, max-age=300");
        return send(reply, file.format, "service_definition", {
          service_code: file.name,
          attributes: [
            {
              variable: true,
              code: "barangay",
              datatype: "singlevaluelist",
              required: true,
              datatype_description: "The barangay where the problem is",
              order: 1,
              description: "Barangay",
              values: barangays.map((b) => ({ key: String(b.id), name: `${b.name}, ${b.town}` })),
            },
            {
              variable: true,
              code: "account_number",
              datatype: "string",
              required: false,
              datatype_description: "NN-NNNN-NNNN, as on the bill",
              order: 2,
              description: "Electric account number",
              values: [],
            },
          ],
        });
      });

      const listRequests = async (
        request: FastifyRequest<{ Querystring: Record<string, string> }>,
        reply: FastifyReply,
        format: Format,
      ) => {
        const q = request.query;
        const reader = await readerKey(request, reply, format);
        if (reader === "refused") return reply;
        const from = parseDate(q.start_date);
        const to = parseDate(q.end_date);
        if (from === "bad" || to === "bad") return fail(reply, format, 400, "start_date and end_date must be ISO 8601 dates.");
        const status = q.status ? String(q.status).split(",") : [];
        if (status.some((s) => s !== "open" && s !== "closed")) return fail(reply, format, 400, "status must be open or closed.");
        const kinds = q.service_code ? String(q.service_code).split(",") : [];
        if (kinds.some((k) => !(REPORT_KINDS as readonly string[]).includes(k))) return fail(reply, format, 400, "Unknown service_code.");
        const ids = q.service_request_id
          ? String(q.service_request_id)
              .split(",")
              .map((s) => s.trim())
          : undefined;
        // Without ids or dates, the specification's default: the last 90 days.
        const since = from ?? (ids ? undefined : new Date(Date.now() - 90 * 86_400_000));
        const rows = await listPublicRequests(db, {
          references: ids,
          kinds: kinds as ReportKind[],
          from: since,
          to: to ?? undefined,
          open: status.length === 1 ? status[0] === "open" : undefined,
          limit: 1000,
        });
        reply.header("Cache-Control", reader === "partner" ? "private, no-store" : "no-cache");
        return send(reply, format, "service_requests", await viewsOf(rows, reader));
      };
      scope.get<{ Querystring: Record<string, string> }>("/requests.json", (request, reply) => listRequests(request, reply, "json"));
      scope.get<{ Querystring: Record<string, string> }>("/requests.xml", (request, reply) => listRequests(request, reply, "xml"));

      scope.get<{ Params: { file: string } }>("/requests/:file", async (request, reply) => {
        const file = splitFile(request.params.file);
        if (!file) return fail(reply, "json", 404, "Add .json or .xml to the address.");
        if (!REFERENCE_PATTERN.test(file.name)) return fail(reply, file.format, 404, `There is no request ${file.name}.`);
        const reader = await readerKey(request, reply, file.format);
        if (reader === "refused") return reply;
        const rows = await listPublicRequests(db, { references: [file.name], limit: 1 });
        if (rows.length === 0) return fail(reply, file.format, 404, `There is no request ${file.name}.`);
        reply.header("Cache-Control", reader === "partner" ? "private, no-store" : "no-cache");
        return send(reply, file.format, "service_requests", await viewsOf(rows, reader));
      });

      const postRequest = async (request: FastifyRequest, reply: FastifyReply, format: Format) => {
        const body = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, string>;
        reply.header("Cache-Control", "no-store");
        const reservation = await reserveAttempt(db, OPEN311_KEY_RULE, [`ip:${request.ip}`]);
        if (!reservation.ok) {
          reply.header("Retry-After", String(Math.ceil(reservation.waitMs / 1000)));
          return fail(reply, format, 429, "Too many wrong api_key tries from your address. Please wait, then try again.");
        }
        const client = await checkOpen311Key(db, String(body.api_key ?? ""));
        if (!client) return fail(reply, format, 403, "A valid api_key is required. Ask the cooperative for one.");
        await reservation.release();
        const kind = String(body.service_code ?? "");
        if (!kind) return fail(reply, format, 400, "service_code is required.");
        if (!(REPORT_KINDS as readonly string[]).includes(kind)) return fail(reply, format, 404, `There is no service ${kind}.`);
        const hasPosition = body.lat !== undefined && body.lat !== "" && body.long !== undefined && body.long !== "";
        const address = String(body.address_string ?? "").trim();
        if (!hasPosition && !address) return fail(reply, format, 400, "A location is required: address_string, or lat and long.");
        const parsed = reportFieldsSchema.safeParse({
          kind,
          barangayId: body["attribute[barangay]"] ?? "",
          landmark: address || `Position ${body.lat}, ${body.long}`,
          details: body.description ?? "",
          latitude: hasPosition ? body.lat : undefined,
          longitude: hasPosition ? body.long : undefined,
          accountNumber: body["attribute[account_number]"] ?? "",
          mobile: body.phone ?? "",
        });
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field =
            {
              barangayId: "attribute[barangay]",
              landmark: "address_string",
              details: "description",
              latitude: "lat",
              longitude: "long",
              accountNumber: "attribute[account_number]",
              mobile: "phone",
            }[String(issue.path[0])] ?? String(issue.path[0]);
          return fail(reply, format, 400, `${field}: ${issue.message}`);
        }
        if (!(await findBarangay(db, parsed.data.barangayId)))
          return fail(reply, format, 400, "attribute[barangay]: choose a value from the service definition.");
        const filed = await fileReport(db, { ...parsed.data, source: "open311" });
        request.log.info({ open311Client: client.name, reference: filed.reference }, "open311 request filed");
        return send(
          reply,
          format,
          "service_requests",
          [
            {
              service_request_id: filed.reference,
              service_notice: kind === "line-down" ? "Stay away from the line and call the hotline." : "",
              account_id: null,
            },
          ],
          201,
        );
      };
      // The body may carry a mobile number: personal; limited per address like the report form.
      const postPolicy = { config: { policy: { personal: true, bucket: "open311" as const } } };
      scope.post("/requests.json", postPolicy, (request, reply) => postRequest(request, reply, "json"));
      scope.post("/requests.xml", postPolicy, (request, reply) => postRequest(request, reply, "xml"));
    },
    { prefix: "/open311/v2" },
  );
}

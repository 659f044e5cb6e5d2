/**
 * The Open311 GeoReport v2 paths (server/open311.ts), for the OpenAPI document. They live
 * outside /api/v1 and answer JSON or XML by extension, so they are described here by hand.
 */
const errorList = {
  description: "Open311 errors",
  content: {
    "application/json": {
      schema: { type: "array", items: { type: "object", properties: { code: { type: "integer" }, description: { type: "string" } } } },
    },
    "text/xml": { schema: { type: "string", description: "<errors><error><code/><description/></error></errors>" } },
  },
};
const format = {
  name: "format",
  in: "path",
  required: true,
  schema: { type: "string", enum: ["json", "xml"] },
  description: "Answer format, the address's extension",
};
const service = {
  type: "object",
  properties: {
    service_code: { type: "string", example: "line-down" },
    service_name: { type: "string", example: "Line down or sparking" },
    description: { type: "string" },
    metadata: { type: "boolean", description: "Always true: the definition has the required barangay attribute" },
    type: { type: "string", enum: ["realtime"] },
    keywords: { type: "string" },
    group: { type: "string", enum: ["Outages", "Hazards"] },
  },
};
const request = {
  type: "object",
  properties: {
    service_request_id: { type: "string", example: "R-7KQ3MXA" },
    status: { type: "string", enum: ["open", "closed"] },
    status_notes: { type: "string", example: "Crew on site" },
    service_name: { type: "string" },
    service_code: { type: "string" },
    description: { type: "string", description: "Kind and place only: the reporter's own words stay private" },
    agency_responsible: { type: "string" },
    service_notice: { type: ["string", "null"] },
    requested_datetime: { type: "string", example: "2026-11-23T17:30:00+08:00" },
    updated_datetime: { type: "string" },
    expected_datetime: { type: ["string", "null"], description: "Estimated restoration" },
    address: { type: "string", example: "Poblacion, Bani, Pangasinan" },
    address_id: { type: "null" },
    zipcode: { type: "null" },
    lat: { type: "null", description: "Never published" },
    long: { type: "null", description: "Never published" },
    media_url: { type: "null", description: "Photos are for dispatchers only" },
  },
};
const both = (schema: object, xml: string) => ({
  "application/json": { schema },
  "text/xml": { schema: { type: "string", description: xml } },
});

export const open311Paths: Record<string, unknown> = {
  "/open311/v2/services.{format}": {
    get: {
      tags: ["Open311"],
      operationId: "open311ListServices",
      summary: "Open311: service list",
      description: "The kinds of report, as Open311 services.",
      parameters: [format],
      responses: {
        "200": { description: "Services", content: both({ type: "array", items: service }, "<services><service>…</service></services>") },
      },
    },
  },
  "/open311/v2/services/{service_code}.{format}": {
    get: {
      tags: ["Open311"],
      operationId: "open311GetServiceDefinition",
      summary: "Open311: service definition",
      description:
        "The attributes a request of this service takes: `barangay` (required, a key from `values`) and `account_number` (optional).",
      parameters: [{ name: "service_code", in: "path", required: true, schema: { type: "string" } }, format],
      responses: {
        "200": { description: "Service definition", content: both({ type: "object" }, "<service_definition>…</service_definition>") },
        "404": errorList,
      },
    },
  },
  "/open311/v2/requests.{format}": {
    get: {
      tags: ["Open311"],
      operationId: "open311ListRequests",
      summary: "Open311: service requests",
      description: "Reports, newest first: the last 90 days unless `start_date`, `end_date` or `service_request_id` say otherwise.",
      parameters: [
        format,
        { name: "service_request_id", in: "query", schema: { type: "string" }, description: "Comma-separated references" },
        { name: "service_code", in: "query", schema: { type: "string" } },
        { name: "start_date", in: "query", schema: { type: "string", format: "date-time" } },
        { name: "end_date", in: "query", schema: { type: "string", format: "date-time" } },
        { name: "status", in: "query", schema: { type: "string", enum: ["open", "closed"] } },
      ],
      responses: {
        "200": {
          description: "Requests",
          content: both({ type: "array", items: request }, "<service_requests><request>…</request></service_requests>"),
        },
        "400": errorList,
      },
    },
    post: {
      tags: ["Open311"],
      operationId: "open311PostRequest",
      summary: "Open311: file a report",
      description:
        "Files a report with an API key issued by the cooperative (console, Incidents › Open311 keys). Grouped with reports of the same kind in the same barangay within 2 hours. Limited per address (60 per 10 minutes).",
      parameters: [format],
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            schema: {
              type: "object",
              required: ["api_key", "service_code", "attribute[barangay]"],
              properties: {
                api_key: { type: "string" },
                service_code: { type: "string" },
                "attribute[barangay]": { type: "string", description: "A key from the service definition" },
                "attribute[account_number]": { type: "string" },
                address_string: { type: "string", description: "Landmark, sitio or street; or give lat and long" },
                lat: { type: "number" },
                long: { type: "number" },
                description: { type: "string", maxLength: 1000 },
                phone: { type: "string", description: "Philippine mobile number, told of each change by SMS" },
              },
            },
          },
        },
      },
      responses: {
        "201": {
          description: "Filed",
          content: both(
            {
              type: "array",
              items: {
                type: "object",
                properties: { service_request_id: { type: "string" }, service_notice: { type: "string" }, account_id: { type: "null" } },
              },
            },
            "<service_requests><request>…</request></service_requests>",
          ),
        },
        "400": errorList,
        "403": errorList,
        "404": errorList,
        "429": errorList,
      },
    },
  },
  "/open311/v2/requests/{service_request_id}.{format}": {
    get: {
      tags: ["Open311"],
      operationId: "open311GetRequest",
      summary: "Open311: one service request",
      parameters: [{ name: "service_request_id", in: "path", required: true, schema: { type: "string" } }, format],
      responses: {
        "200": {
          description: "A list of one request",
          content: both({ type: "array", items: request }, "<service_requests><request>…</request></service_requests>"),
        },
        "404": errorList,
      },
    },
  },
};

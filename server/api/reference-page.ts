/**
 * The API reference page: plain server-rendered HTML made from the OpenAPI document,
 * so client developers can read it without JavaScript or any CDN.
 */
import { z } from "zod";
import { COOPERATIVE } from "../../modules/shared/constants";
import { escapeHtml } from "../../modules/shared/escape";

type Json = Record<string, unknown>;
const json = z.record(z.string(), z.unknown());
const content = z.record(z.string(), z.object({ schema: json.optional() })).optional();

/** What the page reads of an OpenAPI operation; the document is checked against it, not cast. */
const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: json.optional(),
      }),
    )
    .optional(),
  requestBody: z.object({ required: z.boolean().optional(), content }).optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional(), content })).optional(),
});
type Operation = z.infer<typeof operationSchema>;

export const openApiDocumentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), json).optional() }).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;

const esc = (s: unknown) => escapeHtml(String(s));
/** `code` in descriptions becomes <code>; everything else is escaped text. */
const prose = (s: unknown) => esc(s).replace(/`([^`]+)`/g, "<code>$1</code>");
const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function renderApiReference(doc: OpenApiDocument, opts: { openapiPath: string; baseUrl: string }): string {
  const resolve = (s: Json | undefined): Json => {
    let cur = s ?? {};
    for (let i = 0; i < 10 && typeof cur.$ref === "string"; i++) {
      const name = (cur.$ref as string).split("/").pop()!;
      cur = { ...(doc.components?.schemas?.[name] ?? {}), ...Object.fromEntries(Object.entries(cur).filter(([k]) => k !== "$ref")) };
    }
    return cur;
  };

  /** Non-null variants of an anyOf/oneOf, and whether null is allowed. */
  const variants = (s: Json): { list: Json[]; nullable: boolean } => {
    const raw = ((s.anyOf ?? s.oneOf) as Json[] | undefined)?.map(resolve);
    if (!raw) return { list: [s], nullable: Array.isArray(s.type) && (s.type as string[]).includes("null") };
    return { list: raw.filter((v) => v.type !== "null"), nullable: raw.some((v) => v.type === "null") };
  };

  const typeName = (s0: Json | undefined): string => {
    const s = resolve(s0);
    const { list, nullable } = variants(s);
    if (list.length !== 1 || list[0] !== s) return list.map(typeName).join(" | ") + (nullable ? " | null" : "");
    let t = Array.isArray(s.type)
      ? (s.type as string[]).filter((x) => x !== "null").join(" | ")
      : String(s.type ?? (s.enum ? "string" : s.const !== undefined ? typeof s.const : "any"));
    if (t === "array") t = `array of ${typeName(s.items as Json)}`;
    return t + (nullable ? " | null" : "");
  };

  const constraints = (s0: Json): string[] => {
    const s = resolve(s0);
    const c: string[] = [];
    if (Array.isArray(s.enum)) c.push(`one of ${(s.enum as unknown[]).map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(", ")}`);
    if (s.const !== undefined) c.push(`always <code>${esc(JSON.stringify(s.const))}</code>`);
    if (typeof s.pattern === "string") c.push(`pattern <code>${esc(s.pattern)}</code>`);
    if (typeof s.format === "string") c.push(`format ${esc(s.format)}`);
    for (const [k, label] of [
      ["minimum", "min"],
      ["maximum", "max"],
      ["minLength", "min length"],
      ["maxLength", "max length"],
      ["minItems", "min items"],
      ["maxItems", "max items"],
    ] as const) {
      if (typeof s[k] === "number" && Math.abs(s[k] as number) < 1e15) c.push(`${label} ${s[k]}`);
    }
    return c;
  };

  /** A nested definition list of an object's fields. */
  const fields = (s0: Json | undefined, depth = 0): string => {
    const s = resolve(s0);
    if (depth > 8) return "";
    const { list } = variants(s);
    if (list.length === 1 && list[0] !== s) return fields(list[0], depth);
    if (s.type === "array") return fields(s.items as Json, depth);
    const props = s.properties as Record<string, Json> | undefined;
    if (!props) return "";
    const required = new Set((s.required as string[] | undefined) ?? []);
    const rows = Object.entries(props).map(([name, p0]) => {
      const p = resolve(p0);
      const bits = [
        `<code class="t">${esc(typeName(p))}</code>`,
        required.has(name) ? "" : '<span class="opt">optional</span>',
        ...constraints(p),
      ].filter(Boolean);
      return `<li><code class="n">${esc(name)}</code> ${bits.join(" · ")}${p.description ? `<div class="d">${prose(p.description)}</div>` : ""}${fields(p, depth + 1)}</li>`;
    });
    return `<ul class="fields">${rows.join("")}</ul>`;
  };

  const example = (s0: Json | undefined, depth = 0): unknown => {
    const s = resolve(s0);
    if (s.example !== undefined) return s.example;
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if (s.const !== undefined) return s.const;
    if (Array.isArray(s.enum)) return s.enum[0];
    if (depth > 8) return null;
    const { list } = variants(s);
    if (list.length >= 1 && list[0] !== s) return example(list[0], depth + 1);
    const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : s.type;
    switch (type) {
      case "object": {
        const props = (s.properties ?? {}) as Record<string, Json>;
        const o = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, example(v, depth + 1)]));
        if (!Object.keys(props).length && s.additionalProperties && typeof s.additionalProperties === "object")
          o.key = example(s.additionalProperties as Json, depth + 1);
        return o;
      }
      case "array":
        return [example(s.items as Json, depth + 1)];
      case "integer":
      case "number":
        return typeof s.minimum === "number" ? s.minimum : 1;
      case "boolean":
        return true;
      case "null":
        return null;
      case "string":
        if (s.format === "date-time") return "2024-03-05T08:00:00.000Z";
        if (s.format === "email") return "juan@example.ph";
        return "string";
      default:
        return null;
    }
  };

  const ops: { tag: string; method: string; path: string; op: Operation }[] = [];
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(methods)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      const op = operationSchema.parse(value);
      ops.push({ tag: op.tags?.[0] ?? "Other", method: method.toUpperCase(), path, op });
    }
  }
  // Declared tags first, in their order; then any tag a route uses without declaring it.
  const tagOrder = [...new Set([...(doc.tags ?? []).map((t) => t.name), ...ops.map((o) => o.tag)])];
  ops.sort((a, b) => tagOrder.indexOf(a.tag) - tagOrder.indexOf(b.tag) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const groups = tagOrder
    .map((tag) => ({ tag, description: doc.tags?.find((t) => t.name === tag)?.description, ops: ops.filter((o) => o.tag === tag) }))
    .filter((g) => g.ops.length);

  const opId = (o: { method: string; path: string }) => slug(`${o.method} ${o.path}`);

  const renderOp = ({ method, path, op }: (typeof ops)[number]) => {
    const params = op.parameters ?? [];
    const paramRows = params
      .map((p) => {
        const s = resolve(p.schema);
        const desc = p.description ?? (s.description as string | undefined);
        const ex = example(s);
        return `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${esc(typeName(s))}</code>${constraints(s).length ? ` · ${constraints(s).join(" · ")}` : ""}</td><td>${desc ? prose(desc) : ""}${ex !== null && ex !== undefined ? ` <span class="ex">e.g. <code>${esc(ex)}</code></span>` : ""}</td></tr>`;
      })
      .join("");
    const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
    const responses = Object.entries(op.responses ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const ok = responses.filter(([code]) => code.startsWith("2"));
    const errors = responses.filter(([code]) => !code.startsWith("2"));
    const samplePath = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
      const p = params.find((x) => x.name === name && x.in === "path");
      return String(example(resolve(p?.schema)) ?? name);
    });
    return `<section class="op" id="${opId({ method, path })}" aria-labelledby="${opId({ method, path })}-h">
  <h3 id="${opId({ method, path })}-h"><span class="m m-${method.toLowerCase()}">${method}</span> <code class="path">${esc(path)}</code></h3>
  ${op.summary ? `<p class="summary">${prose(op.summary)}</p>` : ""}
  ${op.description ? `<p>${prose(op.description)}</p>` : ""}
  ${params.length ? `<h4>Parameters</h4><div class="table-wrap" tabindex="0" role="region" aria-label="Parameters of ${method} ${esc(path)}"><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th><th scope="col">Description</th></tr></thead><tbody>${paramRows}</tbody></table></div>` : ""}
  ${bodySchema ? `<h4>Request body <span class="ct">application/json</span></h4>${fields(bodySchema)}<details><summary>Example body</summary><pre tabindex="0">${esc(JSON.stringify(example(bodySchema), null, 2))}</pre></details>` : ""}
  <h4>Try it</h4><pre class="curl" tabindex="0">curl${method === "GET" ? "" : ` -X ${method} -H 'Content-Type: application/json' --data @body.json`} '${esc(opts.baseUrl + samplePath)}'</pre>
  ${ok
    .map(([code, r]) => {
      const s = r.content?.["application/json"]?.schema;
      return `<h4>Response ${esc(code)}${r.description && r.description !== "Default Response" ? ` <span class="ct">${prose(r.description)}</span>` : ""}</h4>${s ? `${fields(s)}<details open><summary>Example</summary><pre tabindex="0">${esc(JSON.stringify(example(s), null, 2))}</pre></details>` : ""}`;
    })
    .join("")}
  ${errors.length ? `<h4>Errors</h4><ul class="errors">${errors.map(([code, r]) => `<li><code>${esc(code)}</code> ${prose(r.description ?? "")}</li>`).join("")}</ul>` : ""}
</section>`;
  };

  const title = `${doc.info.title} reference`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${esc(title)} | ${esc(COOPERATIVE.shortName)}</title>
<meta name="description" content="Reference of the ${esc(COOPERATIVE.shortName)} public JSON API: every endpoint with its parameters, answers and examples.">
<style>
:root{--p:#0b3d6e;--b:#d0d7de;--bg:#f6f8fa;--t:#1f2328;--muted:#57606a}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--t);background:#fff}
a{color:var(--p)}
a:focus-visible,summary:focus-visible,pre:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:2}
header{background:var(--p);color:#fff;padding:16px}
header a{color:#fff}
header h1{margin:0 0 4px;font-size:1.5rem}
.wrap{max-width:1100px;margin:0 auto;padding:0 16px}
.layout{display:grid;gap:24px}
@media(min-width:900px){.layout{grid-template-columns:260px 1fr}nav.toc{position:sticky;top:0;max-height:100vh;overflow:auto}}
nav.toc{font-size:.9rem;padding:16px 0}
nav.toc h2{font-size:1rem;margin:12px 0 4px}
nav.toc ul{list-style:none;margin:0;padding:0}
nav.toc li{margin:2px 0;word-break:break-all}
nav.toc a{display:inline-block;min-height:24px;padding:2px 0}
main{min-width:0;padding-bottom:48px}
h2.tag{border-bottom:2px solid var(--p);padding-bottom:4px;margin-top:32px}
.op{border:1px solid var(--b);border-radius:6px;padding:12px 16px;margin:16px 0}
.op h3{margin:0;font-size:1.05rem;word-break:break-all}
.op h4{margin:16px 0 6px;font-size:.95rem}
.summary{font-weight:600;margin:6px 0}
.m{display:inline-block;min-width:3.6em;text-align:center;border-radius:4px;padding:1px 6px;color:#fff;font:700 .8rem/1.6 ui-monospace,monospace}
.m-get{background:#1a7f37}.m-post{background:#0b3d6e}.m-put,.m-patch{background:#9a6700}.m-delete{background:#cf222e}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.875rem}
code{background:var(--bg);border-radius:4px;padding:0 3px}
pre{background:var(--bg);border:1px solid var(--b);border-radius:6px;padding:10px;overflow:auto;max-height:28em}
pre.curl{white-space:pre-wrap;word-break:break-all}
.table-wrap{overflow-x:auto}
.table-wrap:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border:1px solid var(--b);padding:4px 8px;text-align:left;vertical-align:top}
th{background:var(--bg)}
ul.fields{margin:4px 0;padding-left:20px;font-size:.9rem}
ul.fields li{margin:2px 0}
code.n{font-weight:700}
code.t{color:#6e3b00;background:none}
.opt,.ct,.ex{color:var(--muted);font-size:.85rem}
.d{color:var(--muted)}
ul.errors{padding-left:20px;font-size:.9rem}
summary{cursor:pointer;color:var(--p)}
</style>
</head>
<body>
<a class="skip" href="#content">Skip to the endpoints</a>
<header><div class="wrap">
<h1>${esc(title)}</h1>
<p>Version ${esc(doc.info.version)} · base path <code style="color:var(--t)">/api/v1</code> · machine-readable: <a href="${esc(opts.openapiPath)}">OpenAPI 3.1 document</a> · <a href="/">back to the site</a></p>
</div></header>
<div class="wrap layout">
<nav class="toc" aria-label="Endpoints">
${groups.map((g) => `<h2>${esc(g.tag)}</h2><ul>${g.ops.map((o) => `<li><a href="#${opId(o)}">${esc(o.method)} ${esc(o.path.replace(/^\/api\/v1/, ""))}</a></li>`).join("")}</ul>`).join("\n")}
</nav>
<main id="content">
${doc.info.description ? `<h2>About this API</h2><p>${prose(doc.info.description)}</p>` : ""}
<h2>Errors</h2>
<p>Every error answer has the same shape; <code>fields</code> appears on 422 with a message per invalid field.</p>
<pre tabindex="0">${esc(JSON.stringify({ error: { code: "bad_request", message: "Invalid parameter m: must be a month number from 1 to 12" } }, null, 2))}</pre>
${groups.map((g) => `<h2 class="tag" id="tag-${slug(g.tag)}">${esc(g.tag)}</h2>${g.description ? `<p>${prose(g.description)}</p>` : ""}${g.ops.map(renderOp).join("\n")}`).join("\n")}
</main>
</div>
</body>
</html>`;
}

/**
 * Demo files for the storage folder, made here rather than downloaded:
 * small real PDFs and WebP pictures drawn from SVG. Names are content-addressed
 * (a hash of the bytes) so they can be cached for a year.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

export interface MadeFile {
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  width?: number;
  height?: number;
  bytes: Buffer;
}

export function contentName(slug: string, bytes: Buffer, ext: string): string {
  const hash = crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  return `${slug}-${hash}.${ext}`;
}

export function writeStored(storageDir: string, file: MadeFile): void {
  fs.mkdirSync(storageDir, { recursive: true });
  const target = path.join(storageDir, file.name);
  if (!fs.existsSync(target)) fs.writeFileSync(target, file.bytes);
}

/** A one-page PDF with a title and lines of text, in Helvetica. */
export function makePdf(slug: string, title: string, lines: string[]): MadeFile {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?");
  const content = [
    "BT /F1 18 Tf 56 780 Td",
    `(${esc(title)}) Tj`,
    "/F1 11 Tf 0 -30 Td 15 TL",
    ...lines.map((l) => `(${esc(l)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = Buffer.from(out, "latin1");
  return { name: contentName(slug, bytes, "pdf"), originalName: `${slug}.pdf`, contentType: "application/pdf", size: bytes.length, bytes };
}

/** Palettes for the drawn demo pictures. */
const SCENES = {
  dawn: ["#fde68a", "#f59e0b", "#065f46"],
  day: ["#bae6fd", "#38bdf8", "#166534"],
  dusk: ["#fecaca", "#f97316", "#1e3a8a"],
  sea: ["#cffafe", "#06b6d4", "#0f766e"],
  office: ["#e0e7ff", "#6366f1", "#374151"],
} as const;
export type Scene = keyof typeof SCENES;

/** An illustrative scene (sky, hills, poles and lines) with a caption band, as SVG. */
export function sceneSvg(label: string, scene: Scene, width = 1200, height = 675): string {
  const [sky, sun, land] = SCENES[scene];
  const poles = [0.15, 0.4, 0.65, 0.9]
    .map((x) => {
      const px = Math.round(x * width);
      return `<rect x="${px - 6}" y="${height * 0.35}" width="12" height="${height * 0.45}" fill="#3f3f46"/><rect x="${px - 50}" y="${height * 0.37}" width="100" height="8" fill="#3f3f46"/>`;
    })
    .join("");
  const wires = [-44, 0, 44]
    .map(
      (dy, i) =>
        `<path d="M0 ${height * 0.39 + i * 2} Q ${width / 4} ${height * 0.47 + dy / 10} ${width / 2} ${height * 0.39} T ${width} ${height * 0.39}" stroke="#18181b" stroke-width="3" fill="none"/>`,
    )
    .join("");
  const esc = label.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#s)"/>
<circle cx="${width * 0.78}" cy="${height * 0.25}" r="${height * 0.11}" fill="${sun}"/>
<path d="M0 ${height * 0.72} Q ${width * 0.25} ${height * 0.58} ${width * 0.5} ${height * 0.7} T ${width} ${height * 0.66} V ${height} H 0 Z" fill="${land}"/>
${poles}${wires}
<rect x="0" y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="rgba(0,0,0,0.55)"/>
<text x="${width * 0.04}" y="${height * 0.93}" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.round(height * 0.075)}" font-weight="700" fill="#ffffff">${esc}</text>
</svg>`;
}

export async function makeWebp(slug: string, svg: string, width: number, quality = 70): Promise<MadeFile> {
  const { data, info } = await sharp(Buffer.from(svg)).resize({ width }).webp({ quality }).toBuffer({ resolveWithObject: true });
  return {
    name: contentName(slug, data, "webp"),
    originalName: `${slug}.webp`,
    contentType: "image/webp",
    size: data.length,
    width: info.width,
    height: info.height,
    bytes: data,
  };
}

/** A partner's logo: initials on a coloured tile, as SVG. */
export function logoSvg(initials: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120"><rect width="240" height="120" rx="16" fill="#ffffff" stroke="${color}" stroke-width="6"/><text x="120" y="76" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${Math.min(44, Math.floor(300 / initials.length))}" font-weight="700" fill="${color}">${initials}</text></svg>`;
}

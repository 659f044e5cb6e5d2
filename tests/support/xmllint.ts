/** xmllint's verdict on a document: "" when it is well-formed (and valid against `schema`, when given), its complaints otherwise. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CAP_XSD = path.resolve(import.meta.dirname, "../../schemas/cap/CAP-v1.2.xsd");

export function xmlErrors(xml: string | Buffer, schema?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xml-"));
  const file = path.join(dir, "doc.xml");
  fs.writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--nonet", ...(schema ? ["--schema", schema] : []), file], { stdio: "pipe" });
    return "";
  } catch (e) {
    return String((e as { stderr?: Buffer }).stderr ?? e);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

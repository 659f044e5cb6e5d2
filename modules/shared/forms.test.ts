import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readForm } from "./forms";

const schema = z.object({
  name: z.string().trim().min(1, "Enter your name."),
  age: z.number().int().min(18, "You must be 18 or older.").optional(),
  consent: z.boolean().refine(Boolean, "Tick the box."),
  towns: z.array(z.enum(["Bani", "Anda"])).min(1, "Choose a town."),
});

function form(entries: [string, string][]): FormData {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
}

describe("readForm", () => {
  it("turns what a browser sends into typed values: digits, a ticked box, every value of a list", () => {
    const result = readForm(
      form([
        ["name", " Maria "],
        ["age", "42"],
        ["consent", "on"],
        ["towns", "Bani"],
        ["towns", "Anda"],
      ]),
      schema,
    );
    expect(result).toMatchObject({ ok: true, data: { name: "Maria", age: 42, consent: true, towns: ["Bani", "Anda"] } });
    expect(result.lists).toEqual({ towns: ["Bani", "Anda"] });
  });

  it("gives a message per field and keeps what was typed", () => {
    const result = readForm(form([["age", "twelve"]]), schema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["age", "consent", "name", "towns"]);
    expect(result.errors.consent).toBe("Tick the box.");
    expect(result.errors.towns).toBe("Choose a town.");
    expect(result.values).toMatchObject({ name: "", age: "twelve", consent: "" });
  });
});

describe("readForm, console forms", () => {
  it("gives a field the form did not send its default, and leaves it out of the values", () => {
    const editor = z.object({
      title: z.string().trim().default(""),
      publish: z.enum(["draft", "now", "keep"]).default("keep"),
      keep: z.array(z.string()).default([]),
      intent: z.string().default("save"),
    });
    const result = readForm(form([["intent", "copy"]]), editor);
    expect(result).toMatchObject({ ok: true, data: { title: "", publish: "keep", keep: [], intent: "copy" } });
    expect(result.values).toEqual({ intent: "copy" });
    // An unticked box is not sent: the list is read as empty, not as left alone.
    expect(result.lists).toEqual({ keep: [] });
    // Sent but empty is still what was typed: the enum says what to fix.
    const empty = readForm(form([["publish", ""]]), editor);
    expect(empty.ok).toBe(false);
    expect(empty.values).toEqual({ publish: "" });
  });

  it("reads the fields a catchall accepts as text, beside the named ones", () => {
    const kind = z.object({ keep: z.array(z.string()).default([]) }).catchall(z.string().max(5, "Too long."));
    const result = readForm(
      form([
        ["headline", "Hi"],
        ["alt:a.jpg", "A cat"],
        ["keep", "a.jpg"],
      ]),
      kind,
    );
    expect(result).toMatchObject({ ok: true, data: { headline: "Hi", "alt:a.jpg": "A cat", keep: ["a.jpg"] } });
    expect(result.values).toEqual({ headline: "Hi", "alt:a.jpg": "A cat" });
    const long = readForm(form([["headline", "Too long a title"]]), kind);
    expect(long).toMatchObject({ ok: false, errors: { headline: "Too long." }, values: { headline: "Too long a title" } });
  });

  it("reads a chosen file; no file chosen (an empty part) is absent", () => {
    const upload = z.object({ file: z.file({ error: "Choose the file." }).max(10, "At most 10 bytes.") });
    const chosen = new FormData();
    chosen.append("file", new File(["a,b\n1,2"], "roll.csv", { type: "text/csv" }));
    const result = readForm(chosen, upload);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.file.name).toBe("roll.csv");
    const none = new FormData();
    none.append("file", new File([], ""));
    expect(readForm(none, upload)).toMatchObject({ ok: false, errors: { file: "Choose the file." }, values: { file: "" } });
    const big = new FormData();
    big.append("file", new File(["0123456789ab"], "big.csv"));
    expect(readForm(big, upload)).toMatchObject({ ok: false, errors: { file: "At most 10 bytes." } });
  });

  it("refuses a one-value field sent twice beside it; a list takes every value", () => {
    const schema = z.object({ name: z.string(), towns: z.array(z.string()) });
    const twice = readForm(
      form([
        ["name", "Ana"],
        ["name", "Ben"],
        ["towns", "Bani"],
        ["towns", "Agno"],
      ]),
      schema,
    );
    expect(twice).toMatchObject({ ok: false, errors: { name: "This field was sent more than once: send it once." } });
    const once = readForm(
      form([
        ["name", "Ana"],
        ["towns", "Bani"],
        ["towns", "Agno"],
      ]),
      schema,
    );
    expect(once).toMatchObject({ ok: true, data: { name: "Ana", towns: ["Bani", "Agno"] } });
  });
});

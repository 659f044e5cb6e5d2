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

import { describe, expect, it } from "vitest";
import { announceContentChange } from "./context";

describe("announceContentChange", () => {
  it("announces the area and logs nothing when the bus takes it", async () => {
    const announced: string[] = [];
    const logged: unknown[] = [];
    await announceContentChange(
      { contentChanged: async (area) => void announced.push(area), log: { error: (details) => void logged.push(details) } },
      "rates",
    );
    expect(announced).toEqual(["rates"]);
    expect(logged).toEqual([]);
  });

  it("logs a failed announcement with its area and error, and does not fail the saved change", async () => {
    const failure = new Error("bus down");
    const logged: { details: object; message: string }[] = [];
    await expect(
      announceContentChange(
        { contentChanged: () => Promise.reject(failure), log: { error: (details, message) => void logged.push({ details, message }) } },
        "interruptions",
      ),
    ).resolves.toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toEqual({ err: failure, area: "interruptions" });
    expect(logged[0]!.message).toMatch(/not announced/);
  });
});

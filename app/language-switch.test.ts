import { describe, expect, it } from "vitest";
import { declaredQuery, declaresSwitchForm, switchTarget } from "./language-switch";

describe("the language switch's target", () => {
  it("keeps the page and the query its routes read", () => {
    expect(switchTarget("/mco/login/code", "?r=abc123", ["r"])).toBe("/mco/login/code?r=abc123");
    expect(switchTarget("/fil/rates", "?year=2025&month=3", ["year", "month", "kwh"])).toBe("/rates?year=2025&month=3");
    expect(switchTarget("/news/power-interruptions", "?town=BANI", ["town", "barangay"])).toBe("/news/power-interruptions?town=BANI");
  });

  it("drops what the page does not read", () => {
    expect(switchTarget("/rates", "?month=3&utm_source=fb&go=1", ["month"])).toBe("/rates?month=3");
    expect(switchTarget("/pay/ABC", "?go=1", [])).toBe("/pay/ABC");
    expect(switchTarget("/fil/about-us", "?x=1", ["month"])).toBe("/about-us");
  });

  it("keeps repeated values and encodes them again", () => {
    expect(switchTarget("/report", "?kind=no-power&barangay=12&account=01-1000-4568", ["kind", "barangay", "account"])).toBe(
      "/report?kind=no-power&barangay=12&account=01-1000-4568",
    );
    expect(switchTarget("/news/electricity-rates", "?q=a%26b+c", ["q"])).toBe("/news/electricity-rates?q=a%26b+c");
  });

  it("opens the home page of a language from either home page", () => {
    expect(switchTarget("/fil/", "", [])).toBe("/");
    expect(switchTarget("/fil", "?q=1", ["q"])).toBe("/?q=1");
  });

  it("reads the declared names from every matched route", () => {
    expect(
      declaredQuery([
        { handle: undefined },
        { handle: { query: ["r", "a"] } },
        { handle: { hydrate: true } },
        { handle: { query: ["a"] } },
      ]),
    ).toEqual(["r", "a"]);
  });

  it("knows a page whose form the switch carries only by its route's own declaration", () => {
    expect(declaresSwitchForm([{ handle: undefined }, { handle: { query: ["kind"], switchForm: true } }])).toBe(true);
    expect(declaresSwitchForm([{ handle: { hydrate: true } }, { handle: { switchForm: "yes" } }])).toBe(false);
    expect(declaresSwitchForm([])).toBe(false);
  });
});

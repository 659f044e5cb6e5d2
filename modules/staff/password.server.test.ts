import { expect, test } from "vitest";
import { passwordProblem } from "./password.server";

test("at least 8 characters, at most 128, never a common password or the e-mail", () => {
  expect(passwordProblem("short1!")).toMatch(/at least 8/);
  expect(passwordProblem("x".repeat(129))).toMatch(/at most 128/);
  expect(passwordProblem("a quiet harbour at dusk ".repeat(2).slice(0, 64))).toBeUndefined();
  expect(passwordProblem("password123")).toMatch(/common passwords/);
  expect(passwordProblem("Iloveyou1")).toMatch(/common passwords/);
  expect(passwordProblem("qwertyuiop")).toMatch(/common passwords/);
  expect(passwordProblem("juandelacruz-2026", { email: "juandelacruz@example.com" })).toMatch(/e-mail/);
  expect(passwordProblem("mango rain tricycle")).toBeUndefined();
});

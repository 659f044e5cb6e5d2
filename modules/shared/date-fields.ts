/**
 * A moment asked for in a console form, `<input type="datetime-local">` read as Manila time
 * (modules/shared/dates.ts reads the text): the one schema field for every form that asks for one.
 */
import { z } from "zod";
import { manilaLocalInput } from "./dates";

/** Left empty, none (null); anything unreadable is the message. */
export const manilaLocalField = (message: string) =>
  z.string().transform((text, ctx) => {
    if (text.trim() === "") return null;
    const at = manilaLocalInput(text);
    if (!at) ctx.addIssue(message);
    return at ?? z.NEVER;
  });

/** A moment that must be given: empty or unreadable is the message. */
export const requiredManilaLocalField = (message: string) =>
  manilaLocalField(message).transform((at, ctx) => {
    if (!at) ctx.addIssue(message);
    return at ?? z.NEVER;
  });

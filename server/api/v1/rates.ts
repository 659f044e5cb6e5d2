/** GET /api/v1/rates/...: official rates and the breakdown of the generation charge of one month. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type GenerationCharge, getOfficialRates, listGenerationCharges } from "../../../modules/rates/queries.server";
import { SCHEDULE_COMPONENTS, totalPerKwh } from "../../../modules/rates/schedule";
import { getSchedule, listDiscountTiers } from "../../../modules/rates/schedule.server";
import { monthYearParams } from "../../../modules/shared/api-params";
import { RATE_TYPES } from "../../../modules/shared/constants";
import type { AppDeps } from "../../deps";
import { typed } from "./types";

export const officialRatesSchema = z.object({
  data: z.object({
    rates: z.array(
      z.object({
        type: z.enum(RATE_TYPES).meta({ description: "R Residential, LV Commercial, HV High Voltage" }),
        amount: z.number().meta({ description: "Php per kWh", example: 9.8123 }),
      }),
    ),
  }),
});

const amount = (description: string) => z.number().meta({ description });

export const generationChargesSchema = z.object({
  data: z.object({
    charges: z.array(
      z.object({
        power_source: z.object({
          name: z.string(),
          queue: z.number().int().meta({ description: "Display order; 100 marks the total row" }),
        }),
        percent_kwh_purchased: amount("Share of kWh purchased, percent"),
        kwh_purchased: amount("kWh"),
        basic_generation_cost: amount("Php"),
        other_cost_adjustment: amount("Php"),
        total_generation_cost: amount("Php"),
        prompt_payment_discount: amount("Php"),
        pilferage_cost_recoveries: amount("Php"),
        other_generation_cost_adjustment: amount("Php"),
        generation_rate: amount("Php per kWh"),
      }),
    ),
  }),
});

export const scheduleSchema = z.object({
  data: z.object({
    classes: z.array(
      z.object({
        type: z
          .string()
          .meta({ description: "The rate class: R Residential, LV Commercial / Low Voltage, HV High Voltage (classes are data)" }),
        label: z.string(),
        amount: z.number().meta({
          description: "Php per kWh in all: every per-kWh component with its VAT. The same figure as /official-rates gives for this class",
          example: 11.2043,
        }),
        components: z.array(
          z.object({
            code: z.string().meta({ example: "generation" }),
            label: z.string().meta({ example: "Generation charge" }),
            group: z.string(),
            unit: z
              .enum(["kwh", "kw", "customer", "meter"])
              .meta({ description: "Per kWh, per kW of demand, per customer per month, per meter per month" }),
            rate: z.number().meta({ description: "Php per unit" }),
            vat_percent: z
              .number()
              .meta({ description: "VAT this component carries, percent of its amount (0 when vat_per_unit gives it instead)" }),
            vat_per_unit: z.number().nullable().meta({
              description:
                "VAT as the cooperative publishes it, Php per the same unit as the rate (e.g. Php/kWh); null when given as vat_percent",
            }),
          }),
        ),
      }),
    ),
    discounts: z
      .array(
        z.object({
          program: z.enum(["lifeline", "senior"]),
          min_kwh: z.number().int(),
          max_kwh: z.number().int(),
          percent: z.number(),
        }),
      )
      .meta({
        description:
          "Lifeline (RA 11552) and senior citizen (RA 9994) discount tiers, percent off the generation, transmission, system loss, distribution, supply and metering charges",
      }),
  }),
});

/** A generation charge row under the contract's field names. */
function toContract(c: GenerationCharge): z.infer<typeof generationChargesSchema>["data"]["charges"][number] {
  return {
    power_source: c.source,
    percent_kwh_purchased: c.percentKwhPurchased,
    kwh_purchased: c.kwhPurchased,
    basic_generation_cost: c.basicGenerationCost,
    other_cost_adjustment: c.otherCostAdjustment,
    total_generation_cost: c.totalGenerationCost,
    prompt_payment_discount: c.promptPaymentDiscount,
    pilferage_cost_recoveries: c.pilferageCostRecoveries,
    other_generation_cost_adjustment: c.otherGenerationCostAdjustment,
    generation_rate: c.generationRate,
  };
}

export default async function ratesApi(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const api = typed(app);
  api.get(
    "/rates/official-rates/month/:m/year/:y",
    {
      schema: {
        summary: "Official rates of a month",
        description: "The rate per kWh for each type (R, LV, HV) of one month; an empty list when none were published.",
        tags: ["Rates"],
        params: monthYearParams,
        response: { 200: officialRatesSchema },
      },
    },
    async (request) => ({ data: { rates: await getOfficialRates(deps.database.db, request.params.y, request.params.m) } }),
  );
  api.get(
    "/rates/schedule/month/:m/year/:y",
    {
      schema: {
        summary: "Unbundled rate schedule of a month",
        description:
          "Every rate class's components (generation, transmission, system loss, distribution, supply, metering, subsidies, universal charges, FiT-All, RFSC) with the VAT each carries, the class's total per kWh (the official rate), and the discount tiers. An empty list of classes when the month has no schedule.",
        tags: ["Rates"],
        params: monthYearParams,
        response: { 200: scheduleSchema },
      },
    },
    async (request) => {
      const [schedule, tiers] = await Promise.all([
        getSchedule(deps.database.db, request.params.y, request.params.m),
        listDiscountTiers(deps.database.db),
      ]);
      return {
        data: {
          classes: schedule.map((c) => ({
            type: c.classCode,
            label: c.classLabel,
            amount: totalPerKwh(c),
            components: SCHEDULE_COMPONENTS.map((def) => ({
              code: def.code,
              label: def.label,
              group: def.group,
              unit: def.unit,
              rate: c.components[def.code].rate,
              vat_percent: c.components[def.code].vatPercent,
              vat_per_unit: c.components[def.code].vatPerUnit,
            })),
          })),
          discounts: tiers.map((t) => ({ program: t.program, min_kwh: t.minKwh, max_kwh: t.maxKwh, percent: t.percent })),
        },
      };
    },
  );
  api.get(
    "/rates/generation/month/:m/year/:y",
    {
      schema: {
        summary: "Breakdown of the generation charge of a month",
        description:
          "One row per power source by queue; the row whose power_source.queue is 100 is the total. An empty list when the month has none.",
        tags: ["Rates"],
        params: monthYearParams,
        response: { 200: generationChargesSchema },
      },
    },
    async (request) => ({
      data: { charges: (await listGenerationCharges(deps.database.db, request.params.y, request.params.m)).map(toContract) },
    }),
  );
}

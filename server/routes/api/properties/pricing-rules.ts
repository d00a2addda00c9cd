import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MAX_PRICING_RULES_PER_PROPERTY,
  ZDeleted,
  ZManagedPropertyParams,
  ZPricingRule,
  ZPricingRuleInput,
  ZPricingRuleParams,
  ZPricingRules,
} from "../../../../common/schemas/landlord-properties";
import { signedInUser } from "../../../access/gates";
import { refusals } from "../../refusals";
import { guardLandlordRoutes } from "./landlord-route-helpers";

/**
 * /api/properties/{id}/pricing-rules: the landlord gate, then the owner or an admin;
 * anyone else gets 404, as does a rule id of another property.
 */
const pricingRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const calendar = app.services.propertyCalendar;
  guardLandlordRoutes(app);

  app.get(
    "/:id/pricing-rules",
    {
      schema: {
        summary: "A property's pricing rules, the highest priority first",
        params: ZManagedPropertyParams,
        response: { 200: ZPricingRules, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => calendar.listRules(signedInUser(request), request.params.id),
  );

  app.post(
    "/:id/pricing-rules",
    {
      schema: {
        summary: "Add a pricing rule",
        description:
          "Exactly one of priceModifier (percent, -90 to +500) and fixedPrice (pounds per night). The rule applies to " +
          "the nights from startDate to endDate (both included, either open), on daysOfWeek (0 = Sunday), for stays " +
          "of minStayLength to maxStayLength nights. Where rules overlap, the highest priority wins; on a tie, the older. " +
          "Dates lie between 2000-01-01 and 2100-12-31; money and percent have at most 2 decimals; a property has at " +
          `most ${MAX_PRICING_RULES_PER_PROPERTY} rules (a 400 beyond).`,
        params: ZManagedPropertyParams,
        body: ZPricingRuleInput,
        response: { 201: ZPricingRule, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await calendar.createRule(signedInUser(request), request.params.id, request.body)),
  );

  app.put(
    "/:id/pricing-rules/:ruleId",
    {
      schema: {
        summary: "Replace a pricing rule (every field; missing ones are cleared or take their defaults)",
        params: ZPricingRuleParams,
        body: ZPricingRuleInput,
        response: { 200: ZPricingRule, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) =>
      calendar.replaceRule(signedInUser(request), request.params.id, request.params.ruleId, request.body),
  );

  app.delete(
    "/:id/pricing-rules/:ruleId",
    {
      schema: {
        summary: "Delete a pricing rule",
        params: ZPricingRuleParams,
        response: { 200: ZDeleted, ...refusals(400, 401, 403, 404) },
      },
    },
    async (request) => calendar.deleteRule(signedInUser(request), request.params.id, request.params.ruleId),
  );
};

export default pricingRulesRoutes;

import { formatDateGb } from "@common/domain/calendar-dates";
import { type TPricingRule, type TPricingRuleInput, ZPricingRuleInput } from "@common/schemas/landlord-properties";
import { formatPounds } from "@/lib/format";

/**
 * The pricing-rule dialog's draft (what the inputs hold) and its translation to ZPricingRuleInput, whose
 * messages the dialog shows under each field; plus the words the rule list uses.
 */

/** 0 = Sunday … 6 = Saturday as the API counts; listed Monday first as UK calendars are. */
export const DAYS_MONDAY_FIRST = [
  { day: 1, short: "Mon", long: "Monday" },
  { day: 2, short: "Tue", long: "Tuesday" },
  { day: 3, short: "Wed", long: "Wednesday" },
  { day: 4, short: "Thu", long: "Thursday" },
  { day: 5, short: "Fri", long: "Friday" },
  { day: 6, short: "Sat", long: "Saturday" },
  { day: 0, short: "Sun", long: "Sunday" },
] as const;

export type PricingRuleDraft = {
  name: string;
  startDate: string;
  endDate: string;
  daysOfWeek: number[];
  minStayLength: string;
  maxStayLength: string;
  changeKind: "percent" | "fixed";
  amount: string;
  priority: string;
  isActive: boolean;
};

export type PricingRuleField = keyof TPricingRuleInput;

export const EMPTY_RULE_DRAFT: PricingRuleDraft = {
  name: "",
  startDate: "",
  endDate: "",
  daysOfWeek: [],
  minStayLength: "",
  maxStayLength: "",
  changeKind: "percent",
  amount: "",
  priority: "0",
  isActive: true,
};

export function draftFromRule(rule: TPricingRule): PricingRuleDraft {
  const fixed = rule.fixedPrice !== null;
  return {
    name: rule.name,
    startDate: rule.startDate ?? "",
    endDate: rule.endDate ?? "",
    daysOfWeek: rule.daysOfWeek ?? [],
    minStayLength: rule.minStayLength === null ? "" : String(rule.minStayLength),
    maxStayLength: rule.maxStayLength === null ? "" : String(rule.maxStayLength),
    changeKind: fixed ? "fixed" : "percent",
    amount: String(fixed ? rule.fixedPrice : (rule.priceModifier ?? "")),
    priority: String(rule.priority),
    isActive: rule.isActive,
  };
}

/** A blank number input is "not set"; anything else goes to the schema as typed, so it can say what is wrong. */
const optionalNumber = (text: string) => (text.trim() === "" ? null : Number(text));

export function inputFromDraft(draft: PricingRuleDraft): Record<string, unknown> {
  const amount = draft.amount.trim() === "" ? null : Number(draft.amount);
  return {
    name: draft.name,
    startDate: draft.startDate || null,
    endDate: draft.endDate || null,
    daysOfWeek:
      draft.daysOfWeek.length === 0 || draft.daysOfWeek.length === 7
        ? null
        : [...draft.daysOfWeek].sort((a, b) => a - b),
    minStayLength: optionalNumber(draft.minStayLength),
    maxStayLength: optionalNumber(draft.maxStayLength),
    priceModifier: draft.changeKind === "percent" ? amount : null,
    fixedPrice: draft.changeKind === "fixed" ? amount : null,
    priority: draft.priority.trim() === "" ? 0 : Number(draft.priority),
    isActive: draft.isActive,
  };
}

export type RuleCheck =
  | { ok: true; input: TPricingRuleInput }
  | { ok: false; errors: Partial<Record<PricingRuleField | "amount", string>> };

/** The shared contract decides; its first message per field is shown under that field. */
export function checkRuleDraft(draft: PricingRuleDraft): RuleCheck {
  const parsed = ZPricingRuleInput.safeParse(inputFromDraft(draft));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<PricingRuleField | "amount", string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string") continue;
    // The change is one input: the percent or the fixed price, whichever the landlord chose.
    const key = field === "priceModifier" || field === "fixedPrice" ? "amount" : (field as PricingRuleField);
    errors[key] ??= numberMessage(issue.message, key);
  }
  return { ok: false, errors };
}

/** zod's own words for NaN ("expected number, received NaN") mean a number input the browser could not read. */
function numberMessage(message: string, key: string): string {
  if (!/expected number/i.test(message)) return message;
  return key === "priority" ? "Priority must be a whole number from 0 to 100" : "Enter a number";
}

// ---- Words for the rule list ----

export function ruleWhen(rule: Pick<TPricingRule, "startDate" | "endDate">): string {
  if (rule.startDate && rule.endDate) {
    return rule.startDate === rule.endDate
      ? formatDateGb(rule.startDate)
      : `${formatDateGb(rule.startDate)} to ${formatDateGb(rule.endDate)}`;
  }
  if (rule.startDate) return `From ${formatDateGb(rule.startDate)}`;
  if (rule.endDate) return `Until ${formatDateGb(rule.endDate)}`;
  return "Any date";
}

export function ruleDays(daysOfWeek: readonly number[] | null): string {
  if (!daysOfWeek || daysOfWeek.length === 0 || daysOfWeek.length === 7) return "Every day";
  const set = new Set(daysOfWeek);
  return DAYS_MONDAY_FIRST.filter((d) => set.has(d.day))
    .map((d) => d.short)
    .join(", ");
}

export function ruleStay(rule: Pick<TPricingRule, "minStayLength" | "maxStayLength">): string {
  const { minStayLength: min, maxStayLength: max } = rule;
  const nights = (n: number) => `${n} ${n === 1 ? "night" : "nights"}`;
  if (min && max) return min === max ? `Exactly ${nights(min)}` : `${min} to ${nights(max)}`;
  if (min) return `${nights(min)} or more`;
  if (max) return `Up to ${nights(max)}`;
  return "Any length";
}

export function ruleChange(rule: Pick<TPricingRule, "priceModifier" | "fixedPrice">): string {
  if (rule.fixedPrice !== null) return `${formatPounds(rule.fixedPrice)} a night (fixed)`;
  const percent = rule.priceModifier ?? 0;
  // As stored, up to 2 decimals: +0.25% must not read as +0.3%.
  return `${percent < 0 ? "−" : "+"}${Math.abs(percent)}%`;
}

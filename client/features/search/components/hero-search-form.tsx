import { CircleAlert, MapPin, Search } from "lucide-react";
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label, RequiredMark } from "@/components/ui/label";
import { useSiteNavigate } from "@/lib/client-navigation";
import { toIsoDate } from "@/lib/format";
import { stayProblem, stayProblemMessage } from "@/lib/stay-search";
import { cn } from "@/lib/utils";
import {
  hasErrors,
  isFieldValid,
  NO_SEARCH_ERRORS,
  type SearchErrors,
  type SearchField,
  type SearchValues,
  searchResultsUrl,
  validateSearch,
} from "../utils/search-form";
import { HeroDatesMode, HeroFlexibleDates, useHeroFlexible } from "./hero-flexible-dates";

/**
 * The British date fields load after first paint, as the flexible-dates pieces do: the server draws them in place, so
 * the home page's first download does not carry them.
 */
const HeroStayDates = lazy(() => import("./hero-stay-dates").then((m) => ({ default: m.HeroStayDates })));

const FIELD_ERRORS: Record<SearchField, string> = {
  where: "Enter where in London you'd like to stay.",
  checkIn: "Choose a check-in date.",
  checkOut: "Choose a check-out date.",
};

/** The browse page's query parameter for each field (as searchResultsUrl sends them). */
const SEARCH_PARAM: Record<SearchField, string> = { where: "city", checkIn: "checkIn", checkOut: "checkOut" };

/** The home page's search form: Where*, Check-in*, Check-out*, Search. Invalid fields turn red and a banner appears. */
export function HeroSearchForm({ className }: { className?: string }) {
  const navigate = useSiteNavigate();
  const id = useId();
  const [values, setValues] = useState<SearchValues>({ where: "", checkIn: "", checkOut: "" });
  const [errors, setErrors] = useState<SearchErrors>(NO_SEARCH_ERRORS);
  const [showBanner, setShowBanner] = useState(false);
  // Both dates given but unusable (check-out not after check-in, check-in in the past): said at the field.
  const [dateProblem, setDateProblem] = useState<ReturnType<typeof stayProblem>>(null);
  const refs = {
    where: useRef<HTMLInputElement>(null),
    checkIn: useRef<HTMLInputElement>(null),
    checkOut: useRef<HTMLInputElement>(null),
  };
  const today = toIsoDate(new Date());
  const flexible = useHeroFlexible();

  function update(field: SearchField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== "where") setDateProblem(null);
    if (isFieldValid(field, value)) {
      setErrors((current) => ({ ...current, [field]: false }));
      setShowBanner(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (flexible.on) {
      const whereMissing = !isFieldValid("where", values.where);
      setErrors({ ...NO_SEARCH_ERRORS, where: whereMissing });
      const url = flexible.submit(values.where, whereMissing);
      setShowBanner(url === null);
      if (whereMissing) refs.where.current?.focus();
      if (url) navigate(url);
      return;
    }
    const next = validateSearch(values);
    setErrors(next);
    if (hasErrors(next)) {
      setShowBanner(true);
      const first = (["where", "checkIn", "checkOut"] as const).find((field) => next[field]);
      if (first) refs[first].current?.focus();
      return;
    }
    setShowBanner(false);
    const problem = stayProblem(values);
    setDateProblem(problem);
    if (problem) {
      refs[problem.path].current?.focus();
      return;
    }
    navigate(searchResultsUrl(values));
  }

  function fieldMessage(field: SearchField): string | null {
    if (errors[field]) return FIELD_ERRORS[field];
    if (dateProblem && dateProblem.path === field) return stayProblemMessage(dateProblem);
    return null;
  }

  function fieldProps(field: SearchField) {
    const message = fieldMessage(field);
    return {
      id: `${id}-${field}`,
      name: SEARCH_PARAM[field],
      ref: refs[field],
      value: values[field],
      "aria-required": true as const,
      "aria-invalid": message !== null || undefined,
      "aria-describedby": message !== null ? `${id}-${field}-error` : undefined,
    };
  }

  function fieldError(field: SearchField) {
    const message = fieldMessage(field);
    if (message === null) return null;
    return (
      <p id={`${id}-${field}-error`} className="mt-1.5 flex items-start gap-1 text-xs font-medium text-destructive">
        <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        {message}
      </p>
    );
  }

  return (
    // Action, method and names make it a plain search form until the page's code has loaded (the server draws
    // the home page before that): it then asks for the same results page.
    <form
      noValidate
      action="/properties"
      method="get"
      onSubmit={onSubmit}
      aria-label="Search properties"
      className={cn("rounded-3xl border border-white/60 bg-card p-4 shadow-float sm:p-5", className)}
    >
      {showBanner ? (
        <Alert variant="destructive" role="alert" className="mb-4">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Please provide all required information</AlertTitle>
          <AlertDescription>
            {flexible.on
              ? "Where and at least one month are required to search for properties."
              : "Where, Check-in, and Check-out dates are required to search for properties."}
          </AlertDescription>
        </Alert>
      ) : null}
      <HeroDatesMode state={flexible} className="mb-4" />
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-[1.5fr_1fr_1fr_auto] lg:items-start">
        <div className="md:col-span-2 lg:col-span-1">
          <Label htmlFor={`${id}-where`} className="mb-2">
            <MapPin aria-hidden="true" className="size-4 text-brass-700" />
            Where <RequiredMark />
          </Label>
          <Input
            {...fieldProps("where")}
            onChange={(event) => update("where", event.target.value)}
            type="text"
            placeholder="Where in London?"
            autoComplete="off"
            className="h-12"
          />
          {fieldError("where")}
        </div>
        <HeroFlexibleDates id={id} today={today} state={flexible} className="md:col-span-2" />
        {flexible.on ? null : (
          <Suspense fallback={null}>
            <HeroStayDates
              id={id}
              today={today}
              checkIn={values.checkIn}
              fieldProps={fieldProps}
              fieldError={fieldError}
              onChange={update}
            />
          </Suspense>
        )}
        <Button type="submit" size="lg" className="h-12 md:col-span-2 lg:col-span-1 lg:mt-6">
          <Search aria-hidden="true" />
          Search
        </Button>
      </div>
    </form>
  );
}

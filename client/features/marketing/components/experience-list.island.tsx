import { useState } from "react";
import { defineIsland } from "@/lib/island";
import { cn } from "@/lib/utils";
import { EXPERIENCES, type ExperienceCategory } from "../data/experiences";
import { ExperienceCard } from "./experience-card";

const FILTERS: ReadonlyArray<ExperienceCategory | "All"> = ["All", "Entertainment", "Dining", "Art & Culture"];

/** The curated experiences with their category filter: the experiences page's one interactive part. */
export function ExperienceList({ headingId }: { headingId: string }) {
  const [filter, setFilter] = useState<ExperienceCategory | "All">("All");
  const shown = filter === "All" ? EXPERIENCES : EXPERIENCES.filter((e) => e.category === filter);
  return (
    <>
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">Six curated experiences</p>
          <h2 id={headingId} className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
            Make the most of your stay
          </h2>
        </div>
        <fieldset>
          <legend className="sr-only">Show experiences by category</legend>
          <div className="flex flex-wrap gap-2">
            {FILTERS.map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={filter === option}
                onClick={() => setFilter(option)}
                className={cn(
                  "h-9 cursor-pointer rounded-full border px-4 text-sm font-medium transition-colors",
                  filter === option
                    ? "border-primary bg-primary text-primary-foreground"
                    : "border-border bg-card text-foreground hover:border-foreground/40",
                )}
              >
                {option}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((experience, index) => (
          <li key={experience.id}>
            <ExperienceCard experience={experience} priority={index < 3} />
          </li>
        ))}
      </ul>
    </>
  );
}

export const ExperienceListIsland = defineIsland("experience-list", ExperienceList);

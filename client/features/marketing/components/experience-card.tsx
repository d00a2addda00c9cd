import { Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { Experience } from "../data/experiences";

export function ExperienceCard({ experience, priority = false }: { experience: Experience; priority?: boolean }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-soft transition-shadow duration-300 hover:shadow-lift">
      <div className="relative aspect-[3/2] overflow-hidden bg-secondary">
        <img
          src={experience.image}
          alt={experience.title}
          width={1200}
          height={800}
          loading={priority ? "eager" : "lazy"}
          decoding="async"
          className="size-full object-cover transition-transform duration-700 ease-out group-hover:scale-[1.03]"
        />
        <Badge variant="glass" className="absolute top-3 left-3">
          {experience.category}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-xl leading-snug font-medium">{experience.title}</h3>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{experience.description}</p>
        <div className="mt-5 flex items-center justify-between border-t border-border pt-4 text-sm">
          <p className="text-lg font-semibold tabular-nums">{experience.price}</p>
          <p className="flex items-center gap-1.5 text-muted-foreground">
            <Clock aria-hidden="true" className="size-4" />
            {experience.duration}
          </p>
        </div>
      </div>
    </article>
  );
}

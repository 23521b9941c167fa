/** What the home page gives each of its sections (components/home/). */
import type { Lang } from "./i18n.ts";

export interface SectionProps {
  lang: Lang;
  /** the year the page shows */
  year: number;
}

/** A section with a span of two dates: the labels of its two dates, the same in the calculators and the planner. */
export interface SpanSectionProps extends SectionProps {
  span: { from: string; to: string };
}

// What a typical job costs, before anyone is contacted: from how long a task type's typical job takes
// and its call-out fee (ESTIMATE_FIGURES in ./catalogue.ts) and a handyman's hourly price, "about
// €90–€135 for a typical job" — an estimate, and the pages say so: the handyman confirms the price.
import { ESTIMATE_FIGURES, type EstimateFigures, type TaskType } from "./catalogue";

export type JobEstimate = EstimateFigures & { low: number; high: number };

/** The all-in range for a typical job at `pricePerHour`, widened to whole multiples of €5. */
export function estimateJob(taskType: TaskType, pricePerHour: number): JobEstimate {
  const basis = ESTIMATE_FIGURES[taskType];
  const [shortest, longest] = basis.hours;
  return {
    ...basis,
    low: Math.floor((basis.calloutFee + pricePerHour * shortest) / 5) * 5,
    high: Math.ceil((basis.calloutFee + pricePerHour * longest) / 5) * 5,
  };
}

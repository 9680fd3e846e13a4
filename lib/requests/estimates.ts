// What a typical job costs, before anyone is contacted: for each task type how long it usually takes
// and the call-out fee, as data (the job the figures describe is worded in the catalogue, typicalJob).
// With a handyman's hourly price this gives "about €90–€135 for a typical job" — an estimate, and the
// pages say so: the handyman confirms the price on the spot.
import type { TaskType } from "./catalogue";

export type JobEstimateBasis = {
  /** Hours a typical job takes, shortest and longest. */
  hours: readonly [number, number];
  /** Charged once per visit, in euros. */
  calloutFee: number;
};

export const JOB_ESTIMATES: Record<TaskType, JobEstimateBasis> = {
  "Outlet-replacement": { hours: [1, 1.5], calloutFee: 25 },
  "Pipe-leakage": { hours: [1, 2], calloutFee: 35 },
  Painting: { hours: [4, 7], calloutFee: 30 },
};

export type JobEstimate = JobEstimateBasis & { low: number; high: number };

/** The all-in range for a typical job at `pricePerHour`, widened to whole multiples of €5. */
export function estimateJob(taskType: TaskType, pricePerHour: number): JobEstimate {
  const basis = JOB_ESTIMATES[taskType];
  const [shortest, longest] = basis.hours;
  return {
    ...basis,
    low: Math.floor((basis.calloutFee + pricePerHour * shortest) / 5) * 5,
    high: Math.ceil((basis.calloutFee + pricePerHour * longest) / 5) * 5,
  };
}

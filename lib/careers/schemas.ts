// Schemas for job openings: the id that appears in URLs, and the shape of an opening as content
// (seed data and the API's answer share it).
import { z } from "zod";

const JOB_ID_MAX_LENGTH = 64;

/** A job id is a lower-case slug ("senior-full-stack-engineer"), at most 64 characters like its column. */
export const jobIdSchema = z
  .string()
  .max(JOB_ID_MAX_LENGTH)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug of letters, digits and single hyphens");

const isoDate = z.iso.date();

/** One opening as the seed stores it and as `GET /api/job-openings` returns it. */
export const jobOpeningSchema = z.object({
  job_id: jobIdSchema,
  department: z.string().trim().min(1).max(80),
  role: z.string().trim().min(1).max(120),
  location: z.string().trim().min(1).max(80),
  start_date: isoDate,
  description: z.string().trim().min(1),
  about: z.string().trim().min(1),
  overview: z.string().trim().min(1),
  requirements: z.string().trim().min(1),
  benefits: z.string().trim().min(1),
  interview_time: z.string().trim().min(1),
  apply: z.string().trim().min(1),
});

export type JobOpeningPayload = z.infer<typeof jobOpeningSchema>;

// A repair request as the Prisma client reads and writes it: enum members named without spaces or
// dashes (see ./catalogue.ts), the preferred day as a Date at UTC midnight for a DATE column.
import type { City as DbCity, Criteria as DbCriterion, TaskType as DbTaskType } from "../generated/prisma/enums";
import { fromDbCity, fromDbCriterion, fromDbTaskType } from "./catalogue";
import type { RepairRequest } from "./schemas";

export type StoredRepairRequest = {
  id: string;
  taskType: DbTaskType;
  city: DbCity;
  date: Date;
  details: string;
  criterion: DbCriterion | null;
  createdAt: Date;
};

/** "2027-03-01" → the Date Prisma stores as that calendar day. */
export function toDbDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

export function fromStored(stored: StoredRepairRequest): RepairRequest {
  return {
    id: stored.id,
    taskType: fromDbTaskType(stored.taskType),
    city: fromDbCity(stored.city),
    date: stored.date.toISOString().slice(0, 10),
    details: stored.details,
    criterion: stored.criterion === null ? null : fromDbCriterion(stored.criterion),
    createdAt: stored.createdAt.toISOString(),
  };
}

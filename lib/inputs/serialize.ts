// Translates between the API's values ("The Hague", "Outlet-replacement", "2027-03-01") and the
// Prisma client's (The_Hague, Outlet_replacement, a Date at UTC midnight for a DATE column).
import type { City as DbCity, Criteria as DbCriteria, TaskType as DbTaskType } from "../generated/prisma/enums";
import type { City, Criterion, InputRow, TaskType } from "../validations/inputs";

const taskTypeToDb: Record<TaskType, DbTaskType> = {
  "Outlet-replacement": "Outlet_replacement",
  "Pipe-leakage": "Pipe_leakage",
  Painting: "Painting",
};
const taskTypeFromDb: Record<DbTaskType, TaskType> = {
  Outlet_replacement: "Outlet-replacement",
  Pipe_leakage: "Pipe-leakage",
  Painting: "Painting",
};
const cityToDb: Record<City, DbCity> = { Amsterdam: "Amsterdam", "The Hague": "The_Hague", Rotterdam: "Rotterdam" };
const cityFromDb: Record<DbCity, City> = { Amsterdam: "Amsterdam", The_Hague: "The Hague", Rotterdam: "Rotterdam" };

export const toDbTaskType = (value: TaskType): DbTaskType => taskTypeToDb[value];
export const toDbCity = (value: City): DbCity => cityToDb[value];
export const toDbCriteria = (value: Criterion): DbCriteria => value;

/** "2027-03-01" → the Date Prisma stores as that calendar day. */
export function toDbDate(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}

export type StoredInput = {
  inputId: string;
  taskType: DbTaskType;
  city: DbCity;
  date: Date;
  details: string;
  criteria: DbCriteria | null;
  createdAt: Date;
};

export function toInputRow(input: StoredInput): InputRow {
  return {
    input_id: input.inputId,
    task_type: taskTypeFromDb[input.taskType],
    city: cityFromDb[input.city],
    date: input.date.toISOString().slice(0, 10),
    details: input.details,
    criteria: input.criteria,
    created_at: input.createdAt.toISOString(),
  };
}

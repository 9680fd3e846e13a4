// Ordering of openings on the careers pages: departments in a fixed order (unknown ones after them,
// alphabetically), and within a department by start date, then role, then id, so the order never
// depends on how the database happened to return rows.
import type { DepartmentGroup, JobOpening } from "./types";

export const DEPARTMENT_ORDER = ["Engineering", "Operations", "Customer Success", "Marketing"] as const;

const collator = new Intl.Collator("en", { sensitivity: "base" });

function departmentRank(department: string): number {
  const index = (DEPARTMENT_ORDER as readonly string[]).indexOf(department);
  return index === -1 ? DEPARTMENT_ORDER.length : index;
}

function compareDepartments(a: string, b: string): number {
  return departmentRank(a) - departmentRank(b) || collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

type Sortable = Pick<JobOpening, "department" | "startDate" | "role" | "jobId">;

function compareOpenings(a: Sortable, b: Sortable): number {
  return (
    compareDepartments(a.department, b.department) ||
    (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : 0) ||
    collator.compare(a.role, b.role) ||
    (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0)
  );
}

export function sortOpenings<T extends Sortable>(openings: readonly T[]): T[] {
  return [...openings].sort(compareOpenings);
}

/** Openings grouped by department, groups and their openings in display order. */
export function groupByDepartment<T extends Sortable>(openings: readonly T[]): DepartmentGroup<T>[] {
  const groups: DepartmentGroup<T>[] = [];
  for (const opening of sortOpenings(openings)) {
    const last = groups.at(-1);
    if (last && last.department === opening.department) last.openings.push(opening);
    else groups.push({ department: opening.department, openings: [opening] });
  }
  return groups;
}

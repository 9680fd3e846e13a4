// A console list's filter as a select: "any" first, then the values it can take; the address's value
// shown as chosen, and the page's message for it (a value that is none of these) beside it.
import { Field, controlClassName } from "@/components/ui/field";
import { CITIES, TASK_TYPES } from "@/lib/requests/catalogue";
import { taskTypeLabel } from "@/lib/requests/words";

export type FilterSelectProps = {
  id: string;
  name: string;
  label: string;
  /** The first option, meaning no filter, e.g. "Any city". */
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  value: string;
  error?: string;
};

export function FilterSelect({ id, name, label, anyLabel, options, value, error }: FilterSelectProps) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={value} className={controlClassName}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export const CITY_OPTIONS = CITIES.map((city) => ({ value: city, label: city }));
export const TRADE_OPTIONS = TASK_TYPES.map((task) => ({ value: task, label: taskTypeLabel(task) }));

// The first message per field, from zod issues or the API's {path, message} issues.

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(issues: { path: PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = Array.isArray(issue.path) ? String(issue.path[0] ?? "") : issue.path.split(".")[0];
    errors[key] ??= issue.message;
  }
  return errors;
}

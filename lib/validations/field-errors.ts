// The first message per field, from zod issues or the API's {path, message} issues: what a form shows
// beside each field, whether the check ran in the browser or in a server action.

export type FieldErrors = Partial<Record<string, string>>;

export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = typeof issue.path === "string" ? issue.path.split(".")[0] : String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

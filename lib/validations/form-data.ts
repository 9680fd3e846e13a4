// Reading a form posted to a server action: its text fields, and whether the page's own script made
// the post (components/ui/use-form-action.ts) or the browser did, without JavaScript.

export const IN_PAGE_FIELD = "in_page";

/** The text of a field; "" when it is missing or a file. */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** Every text value of a field sent more than once (a group of checkboxes); [] when there is none. */
export function textsOf(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

/** True when the page's script posted the form and handles the answer itself (no redirect wanted). */
export function postedInPage(form: FormData): boolean {
  return form.get(IN_PAGE_FIELD) === "1";
}

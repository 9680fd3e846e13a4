// A server page's element tree as text, without rendering it: the page function has run (its reads, and
// any write it would make, are done), and its child components, async ones among them, stay elements.
// Strings and numbers in props are kept, components appear by name, functions are left out.
import { isValidElement, type ReactNode } from "react";

export function elementTreeText(node: ReactNode | unknown): string {
  const parts: string[] = [];
  const walk = (value: unknown): void => {
    if (value === null || value === undefined || typeof value === "boolean" || typeof value === "function") return;
    if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") {
      parts.push(String(value));
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (isValidElement(value)) {
      const type = value.type as string | { name?: string; displayName?: string };
      parts.push(`<${typeof type === "string" ? type : (type.displayName ?? type.name ?? "?")}>`);
      walk(value.props);
      return;
    }
    if (typeof value === "object") for (const item of Object.values(value as Record<string, unknown>)) walk(item);
  };
  walk(node);
  return parts.join(" ");
}

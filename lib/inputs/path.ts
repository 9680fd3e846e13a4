// Reading an email address out of a URL path segment.

/** The segment as an email to compare with the session's: percent-decoded once, trimmed, lower-case. */
export function emailFromPath(segment: string): string {
  let value = segment;
  if (/%[0-9a-f]{2}/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not valid percent-encoding: compare it as written, which matches no one's email.
    }
  }
  return value.trim().toLowerCase();
}

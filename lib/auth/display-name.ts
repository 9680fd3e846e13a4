// The name shown on the account pages: the part of the email before the @, first letter capitalised.

export function displayNameFromEmail(email: string): string {
  const at = email.indexOf("@");
  const local = at === -1 ? email : email.slice(0, at);
  const [first = "", ...rest] = Array.from(local);
  return first.toUpperCase() + rest.join("");
}

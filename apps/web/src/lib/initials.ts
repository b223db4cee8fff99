/** How a person is named and drawn in the avatar (the layout rule: initials from the first and last name). */

/** The full name, else the e-mail address, else "User". */
export function displayName(person: { fullName?: string | null; email?: string | null }): string {
  return person.fullName?.trim() || person.email?.trim() || 'User';
}

/** First letter of each word of the name, upper case, at most two characters. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
    .slice(0, 2);
}

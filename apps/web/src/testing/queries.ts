import { waitFor, within, type ByRoleMatcher, type Matcher } from '@testing-library/react';

/**
 * A description list's figures as the reader pairs them, term → definition, from the `term` and
 * `definition` roles inside `element`: `{ Added: '2', 'Duplicates skipped': '3' }`.
 */
export function definitionsOf(element: HTMLElement): Record<string, string> {
  const terms = within(element).getAllByRole('term');
  const definitions = within(element).getAllByRole('definition');
  return Object.fromEntries(
    terms.map((term, i) => [term.textContent, definitions[i]?.textContent ?? '']),
  );
}

/**
 * The one element of `role` that shows `text`, for roles not named by their content (a list
 * item, a group): the item a reader finds by what it says. Throws unless exactly one does.
 */
export function getByRoleShowing(
  role: ByRoleMatcher,
  text: Matcher,
  container: HTMLElement = document.body,
): HTMLElement {
  const found = within(container)
    .getAllByRole(role)
    .filter((element) => within(element).queryAllByText(text).length > 0);
  if (found.length !== 1 || !found[0]) {
    throw new Error(`${found.length} elements of role ${String(role)} show ${String(text)}`);
  }
  return found[0];
}

/** `getByRoleShowing`, waited for as a findBy query is. */
export function findByRoleShowing(
  role: ByRoleMatcher,
  text: Matcher,
  container: HTMLElement = document.body,
): Promise<HTMLElement> {
  return waitFor(() => getByRoleShowing(role, text, container));
}

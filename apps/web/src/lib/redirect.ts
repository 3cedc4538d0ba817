/**
 * The `?redirect=` value of /login, kept only when it is a path on this site. A value such as
 * `//evil.example` or `/\evil.example` is read by browsers as another host, so it would turn the
 * login page into an open redirect.
 */
export function safeRedirectPath(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/')) return null;
  if (raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are stripped by URL parsers and can rebuild `//`.
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return null;
  return raw;
}

/**
 * Where an unauthenticated visitor is sent, remembering the page they wanted. `/` needs no
 * reminder: it is where a successful login lands anyway. On the login page already, it stays as
 * it is: its own `?redirect=` is the page wanted, and a login is never nested inside a login.
 */
export function loginPathFor(currentPath: string): string {
  if (currentPath === '/') return '/login';
  if (currentPath === '/login' || currentPath.startsWith('/login?')) return currentPath;
  return `/login?redirect=${encodeURIComponent(currentPath)}`;
}

/**
 * Where a log-in may send its staff user back to: a path of the staff pages of this portal
 * (not the log-in itself), or nothing. An absolute URL, `//host`, a backslash trick or a
 * customer page is refused, so a crafted link cannot send a fresh session elsewhere.
 */
export function staffReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value)) return undefined;
  const base = 'https://portal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base || !/^\/staff(\/|$)/.test(url.pathname) || /^\/staff\/login\/?$/.test(url.pathname)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * POST and GET to a test server as the app sends them: a JSON body when there is one, and a
 * bearer token when given. `base` is read at each call, as servers start in beforeAll.
 */
export function jsonCalls(base: () => string) {
  const auth = (token?: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
  return {
    post: (path: string, body?: unknown, token?: string) =>
      fetch(`${base()}${path}`, {
        method: 'POST',
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...auth(token) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    get: (path: string, token?: string) => fetch(`${base()}${path}`, { headers: auth(token) }),
  };
}

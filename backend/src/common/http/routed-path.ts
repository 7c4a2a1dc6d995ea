/**
 * The path of a request URL as the router matches it (docs/api.md#paths-as-the-router-reads-them):
 * the part before `?` or `#`, its percent-escapes decoded once. Fastify's router (find-my-way)
 * matches on the decoded path, so a check on the raw URL would let `/api/%64ocs` past a rule for
 * `/api/docs`; every path check reads this instead. `%2F` and the other reserved escapes decode
 * too, which the router keeps escaped: a check then covers a little more than the route, never
 * less. Null when an escape is malformed (the router refuses those with a 400 of its own).
 */
export function routedPath(url: string): string | null {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

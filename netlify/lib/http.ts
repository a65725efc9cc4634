/**
 * JSON responses for the Netlify functions. Every error body is `{ error: string }` so the SPA
 * has one shape to read; `detail` may add the provider's explanation when it is safe to show.
 */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
): Response {
  return json({ error, ...extra }, status);
}

export function methodNotAllowed(allow = 'POST'): Response {
  return json({ error: 'Method not allowed' }, 405, { allow });
}

/** The request's JSON object body; `{}` for an empty body, null when it is not a JSON object. */
export async function readJsonObject(req: Request): Promise<Record<string, unknown> | null> {
  const text = await req.text();
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

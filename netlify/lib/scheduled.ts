import { json, jsonError, methodNotAllowed } from './http.ts';

/**
 * Netlify's scheduler calls a scheduled function with a POST whose user agent is
 * 'Netlify Clockwork' and whose x-nf-event header is 'schedule' (the body is { next_run }).
 * Anything else is someone calling the function's URL, and is refused: these functions act for
 * every seller at once (deleting an overdue account's excess, snapshotting everyone's data).
 */
export function isSchedulerCall(req: Request): boolean {
  return (
    req.method === 'POST' &&
    req.headers.get('x-nf-event') === 'schedule' &&
    (req.headers.get('user-agent') ?? '').startsWith('Netlify Clockwork')
  );
}

/** The frame of a scheduled function: only the scheduler's run reaches `run`. */
export function scheduledFunction(
  name: string,
  failure: string,
  run: () => Promise<Record<string, unknown>>,
) {
  return async (req: Request): Promise<Response> => {
    if (req.method !== 'POST') return methodNotAllowed('POST');
    if (!isSchedulerCall(req)) {
      return jsonError(403, 'This function runs on its schedule only');
    }
    try {
      const body = await run();
      return json(body, Array.isArray(body.failed) && body.failed.length ? 500 : 200);
    } catch (error) {
      console.error(`${name}:`, (error as Error).message);
      return jsonError(500, failure);
    }
  };
}

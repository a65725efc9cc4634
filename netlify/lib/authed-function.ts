import { requireMember, type ActingAccount, type Caller, type MemberRole } from './auth.ts';
import { json, jsonError, readJsonObject } from './http.ts';

/**
 * The frame every signed-in function shares: the method, the caller's bearer token (checked by
 * the auth server, two-factor included), the JSON body, the function's configuration, and one
 * answer for any failure, so each function body holds only its own rules.
 *
 *   405 wrong method            401/403 not signed in / two-factor needed
 *   400 'Invalid request body'   500 `failure` when the configuration is missing (names logged)
 *   Refusal(status, message)     thrown by the body: that status and message, as the seller sees it
 *   anything else                502 `failure` (or what `describeError` makes of it), logged by name
 */

/** A request the function turns down with a message for the seller (409 overdue, 400 bad plan). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export interface AuthedCall<E> {
  req: Request;
  /** The person calling: for their e-mail and the like, never as the account. */
  user: Caller;
  /**
   * The account acted on and the caller's role there: what the function reads and writes
   * belongs to `account.id` (the stockroom tables' `account_id`).
   */
  account: ActingAccount;
  body: Record<string, unknown>;
  env: E;
}

export interface AuthedFunctionOptions<E> {
  /** The function's name, for its log lines. */
  name: string;
  method?: 'GET' | 'POST';
  /** The roles of the current account that may call it; billing and the eBay connection: owner. */
  roles?: readonly MemberRole[];
  /** The error text of a failure the seller cannot fix. */
  failure: string;
  /** Fields sent with that failure (a `code` the app reads), if any. */
  failureExtra?: Record<string, unknown>;
  /** Reads and validates the configuration; a throw becomes 500 `failure`. */
  env: () => E;
  run: (call: AuthedCall<E>) => Promise<Response | Record<string, unknown>>;
  /** A provider error the seller can act on (a declined card), as status and extra fields. */
  describeError?: (error: unknown) => { status: number; extra: Record<string, unknown> } | null;
}

export function logFailure(name: string, error: unknown): void {
  const e = error as Error | undefined;
  console.error(`${name}: ${e?.name ?? 'Error'}: ${e?.message ?? String(error)}`);
}

export function authedFunction<E>(opts: AuthedFunctionOptions<E>) {
  const method = opts.method ?? 'POST';
  return async (req: Request): Promise<Response> => {
    if (req.method !== method) return json({ error: 'Method not allowed' }, 405, { allow: method });
    let auth;
    try {
      auth = await requireMember(req, opts.roles ?? ['owner']);
    } catch (error) {
      logFailure(opts.name, error);
      return jsonError(502, opts.failure, opts.failureExtra ?? {});
    }
    if (!auth.ok) return auth.response;

    const body = method === 'POST' ? await readJsonObject(req) : {};
    if (!body) return jsonError(400, 'Invalid request body');

    let env: E;
    try {
      env = opts.env();
    } catch (error) {
      logFailure(opts.name, error);
      return jsonError(500, opts.failure, opts.failureExtra ?? {});
    }

    try {
      const result = await opts.run({ req, user: auth.user, account: auth.account, body, env });
      return result instanceof Response ? result : json(result);
    } catch (error) {
      if (error instanceof Refusal) return jsonError(error.status, error.message, error.extra);
      logFailure(opts.name, error);
      const described = opts.describeError?.(error);
      return jsonError(
        described?.status ?? 502,
        opts.failure,
        described?.extra ?? opts.failureExtra ?? {},
      );
    }
  };
}

import { PLAN_LIMIT_REACHED, type LimitKind } from '../domain/plans';
import { errorMessage } from '../lib/errors';
import { texts } from '../lib/messages';
import { isOffline } from '../lib/online';

/** What a plan limit refusal says: which limit, on which plan, at what number. */
export interface PlanLimitDetail {
  kind: LimitKind;
  /** The plan the server enforced, when its detail names it. */
  plan: string | undefined;
  limit: number | undefined;
}

/**
 * The one error type of data access. Postgres, PostgREST and our Netlify functions tag refusals
 * in the message ('PLAN_LIMIT_REACHED: …', 'PLAN_FEATURE_UNAVAILABLE: …') and put the numbers in
 * a JSON detail; this reads them once so no screen parses strings.
 */
export class DataError extends Error {
  /** Postgres SQLSTATE ('23505', 'P0001', 'PT404'), a function's `code`, or 'network'. */
  readonly code: string | undefined;
  /** The HTTP status of a function's answer (0 when it never answered). */
  readonly status: number | undefined;
  /** Set when a plan limit refused the change. */
  readonly planLimit: PlanLimitDetail | undefined;
  /** True when the seller's plan does not include the feature asked for. */
  readonly featureRefused: boolean;
  /** The machine-readable detail the server gave (a function's whole JSON body). */
  readonly body: Record<string, unknown>;
  /** Postgres' hint, when the database said what would help (e.g. how many more items fit). */
  readonly hint: string | undefined;

  constructor(
    message: string,
    options: {
      code?: string;
      status?: number;
      planLimit?: PlanLimitDetail;
      featureRefused?: boolean;
      body?: Record<string, unknown>;
      hint?: string;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DataError';
    this.code = options.code;
    this.status = options.status;
    this.planLimit = options.planLimit;
    this.featureRefused = options.featureRefused ?? false;
    this.body = options.body ?? {};
    this.hint = options.hint;
  }

  /** The request never reached the server (offline, or the connection failed). */
  get network(): boolean {
    return this.code === 'network';
  }

  /** A Postgres unique-constraint violation (a name already in use). */
  get duplicate(): boolean {
    return this.code === '23505';
  }
}

const PLAN_LIMIT_TAG = PLAN_LIMIT_REACHED;
const FEATURE_TAG = 'PLAN_FEATURE_UNAVAILABLE';
const LIMIT_KINDS: readonly LimitKind[] = ['items', 'units', 'rooms'];

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

function parseDetail(details: unknown): Record<string, unknown> {
  if (typeof details === 'object' && details !== null) return details as Record<string, unknown>;
  if (typeof details !== 'string') return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    // A plain-text detail carries nothing machine-readable.
    return {};
  }
}

/** The limit kind from the detail, else guessed from the sentence the database wrote. */
function limitKind(detail: Record<string, unknown>, text: string): LimitKind {
  const kind = LIMIT_KINDS.find((k) => k === detail.kind);
  if (kind) return kind;
  if (text.includes(' units ')) return 'units';
  if (text.includes(' room')) return 'rooms';
  return 'items';
}

// What browsers throw when fetch() gets no answer at all (Chromium, Firefox, Safari), as
// supabase-js passes it on ('TypeError: Failed to fetch') or as thrown by our own fetch calls.
const NO_ANSWER =
  /^(?:(?:TypeError|FetchError):\s*)?(?:Failed to fetch|NetworkError when attempting to fetch resource|Load failed|Network request failed)/i;

/** True when `error` is a request that got no answer: the device is offline or the line failed. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof DataError) return error.network;
  const raw = errorMessage(error);
  return raw !== undefined && NO_ANSWER.test(raw);
}

/**
 * Any error thrown by supabase-js, a Netlify function call or our own code, as a DataError whose
 * message is the seller-readable sentence (the tag removed). A DataError is returned as is.
 */
export function toDataError(error: unknown, fallback = 'Unexpected error'): DataError {
  if (error instanceof DataError) return error;
  if (isNetworkFailure(error)) {
    // Said in the seller's words, not the browser's: what happened and what to do.
    const message = isOffline() ? texts.offline : texts.connectionFailed;
    return new DataError(message, { code: 'network', status: 0, cause: error });
  }
  const raw = errorMessage(error) ?? fallback;
  const code = field(error, 'code');
  const detail = parseDetail(field(error, 'details') ?? field(error, 'body'));
  const tag = /^([A-Z_]+):\s*/.exec(raw);
  const text =
    tag && (tag[1] === PLAN_LIMIT_TAG || tag[1] === FEATURE_TAG) ? raw.slice(tag[0].length) : raw;
  const hint = field(error, 'hint');
  const options = {
    code: typeof code === 'string' ? code : undefined,
    body: detail,
    hint: typeof hint === 'string' && hint !== '' ? hint : undefined,
    cause: error,
  };
  if (tag?.[1] === PLAN_LIMIT_TAG || code === PLAN_LIMIT_TAG) {
    return new DataError(text, {
      ...options,
      planLimit: {
        kind: limitKind(detail, text),
        plan: typeof detail.plan === 'string' ? detail.plan : undefined,
        limit: typeof detail.limit === 'number' ? detail.limit : undefined,
      },
    });
  }
  if (tag?.[1] === FEATURE_TAG || code === FEATURE_TAG) {
    return new DataError(text, { ...options, featureRefused: true });
  }
  return new DataError(text, options);
}

/**
 * The error of a Netlify function's answer: its JSON `{ error, code, detail }` on a failure
 * status, read the same way as a database error.
 */
export function functionError(
  status: number,
  body: Record<string, unknown>,
  fallback: string,
): DataError {
  const message = typeof body.error === 'string' ? body.error : fallback;
  const made = toDataError({ message, code: body.code, body }, fallback);
  return new DataError(made.message, {
    code: made.code,
    status,
    planLimit: made.planLimit,
    featureRefused: made.featureRefused,
    body,
  });
}

/** The seller-readable sentence of an error (machine tag removed), or undefined if it has none. */
export function errorText(error: unknown): string | undefined {
  return errorMessage(error) === undefined ? undefined : toDataError(error).message;
}

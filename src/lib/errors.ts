import { messages, type ToastMessage } from './messages';

/**
 * The one error type of the SPA. Data functions throw whatever supabase-js gives them
 * (`if (error) throw error`); code that knows better wraps it in an AppError carrying the
 * toast to show, so the single mapping below can stay small.
 */
export class AppError extends Error {
  readonly toast: ToastMessage | undefined;
  readonly code: string | undefined;

  constructor(
    message: string,
    options: { toast?: ToastMessage; code?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.toast = options.toast;
    this.code = options.code;
  }
}

/**
 * The human-readable message of anything thrown: Error instances, supabase-js errors (which are
 * plain objects with `message` in the PostgREST case) and strings. Undefined when there is none.
 */
export function errorMessage(error: unknown): string | undefined {
  let message: unknown;
  if (typeof error === 'string') message = error;
  else if (typeof error === 'object' && error !== null && 'message' in error) {
    message = (error as { message: unknown }).message;
  }
  if (typeof message !== 'string') return undefined;
  const trimmed = message.trim();
  // Some fetch failures surface as '{}' or 'undefined' from JSON bodies; they tell nobody anything.
  if (trimmed === '' || trimmed === '{}' || trimmed === 'undefined') return undefined;
  return trimmed;
}

/** The toast for an error: an AppError's own toast, else the generic 'Error' toast. */
export function errorToToast(error: unknown): ToastMessage {
  if (error instanceof AppError && error.toast) return error.toast;
  return messages.genericError(errorMessage(error));
}

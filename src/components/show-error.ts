import { AppError, errorMessage, errorToToast } from '../lib/errors';
import type { ToastMessage } from '../lib/messages';
import { notify } from './toasts';

/**
 * The one place errors become toasts. Call it from mutation `onError` handlers and event
 * handlers; failures meant only for the console should not come here.
 */
export function showError(error: unknown, fallback?: ToastMessage): string {
  const toast =
    error instanceof AppError || fallback === undefined
      ? errorToToast(error)
      : { ...fallback, message: errorMessage(error) ?? fallback.message };
  return notify(toast);
}

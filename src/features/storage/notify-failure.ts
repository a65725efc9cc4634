import { notify } from '../../components/toasts';
import { toDataError } from '../../data/errors';
import { planLimitToastFromError } from '../../data/storage/plan-limit';
import { AppError, errorMessage } from '../../lib/errors';
import type { ToastMessage } from '../../lib/messages';

/**
 * Shows the toast for a failed inventory change: the one a refusal carries (pre-checks), the
 * plan-limit toast when the database refused on a limit, else `fallback` with the server's
 * message.
 */
export function notifyFailure(
  error: unknown,
  planId: string,
  fallback: (detail?: string) => ToastMessage,
): void {
  if (error instanceof AppError && error.toast) {
    notify(error.toast);
    return;
  }
  notify(
    planLimitToastFromError(error, planId) ??
      fallback(errorMessage(error) === undefined ? undefined : toDataError(error).message),
  );
}

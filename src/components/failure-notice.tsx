import { errorMessage } from '../lib/errors';
import { messages } from '../lib/messages';

/** Why a form's request failed, in the seller's words, above the form; nothing when it did not. */
export function FailureNotice({
  failed,
  error,
  testId,
}: {
  failed: boolean;
  error: unknown;
  testId: string;
}) {
  if (!failed) return null;
  return (
    <div className="notice notice--error" role="alert" data-testid={testId}>
      <p>{errorMessage(error) ?? messages.genericError().message}</p>
    </div>
  );
}

import { useEffect } from 'react';
import { takeAppUpdate } from '../lib/app-version';
import { messages } from '../lib/messages';
import { notify } from './toasts';

/** Says once, quietly, that a new version of the app has started (issue: installable tablet). */
export function UpdatedNote({ version }: { version: string }) {
  useEffect(() => {
    if (takeAppUpdate(version)) notify(messages.appUpdated(), { id: 'app-updated' });
  }, [version]);
  return null;
}

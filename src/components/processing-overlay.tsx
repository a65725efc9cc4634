import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { dismissAllToasts } from './toasts';
import { texts } from '../lib/messages';

interface OverlayState {
  message: string;
  subMessage: string | undefined;
}

export interface ProcessingOverlayApi {
  /** Shows the overlay ('Processing...' unless told otherwise) and clears open toasts. */
  show: (message?: string, subMessage?: string) => void;
  hide: () => void;
  /** Shows the overlay for as long as `work` runs, hiding it whatever the outcome. */
  run: <T>(work: () => Promise<T>, message?: string, subMessage?: string) => Promise<T>;
  visible: boolean;
}

const ProcessingOverlayContext = createContext<ProcessingOverlayApi | null>(null);

export function ProcessingOverlayView({ message, subMessage }: OverlayState) {
  return (
    <div
      className="overlay"
      data-testid="processing-overlay"
      role="status"
      aria-live="assertive"
      aria-busy="true"
    >
      <div className="overlay__panel">
        <span className="spinner" aria-hidden="true" />
        <p className="overlay__message" data-testid="processing-message">
          {message}
        </p>
        {subMessage ? (
          <p className="overlay__sub" data-testid="processing-sub-message">
            {subMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function ProcessingOverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<OverlayState | null>(null);

  const show = useCallback((message?: string, subMessage?: string) => {
    // A toast left over from before would sit on top of the overlay and read as current news.
    dismissAllToasts();
    setState({ message: message ?? texts.processing, subMessage });
  }, []);
  const hide = useCallback(() => setState(null), []);
  const run = useCallback(
    async <T,>(work: () => Promise<T>, message?: string, subMessage?: string): Promise<T> => {
      show(message, subMessage);
      try {
        return await work();
      } finally {
        hide();
      }
    },
    [show, hide],
  );

  const api = useMemo(
    () => ({ show, hide, run, visible: state !== null }),
    [show, hide, run, state],
  );

  return (
    <ProcessingOverlayContext.Provider value={api}>
      {children}
      {state ? <ProcessingOverlayView {...state} /> : null}
    </ProcessingOverlayContext.Provider>
  );
}

export function useProcessingOverlay(): ProcessingOverlayApi {
  const api = useContext(ProcessingOverlayContext);
  if (!api) throw new Error('useProcessingOverlay must be used inside ProcessingOverlayProvider');
  return api;
}

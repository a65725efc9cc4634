import type React from 'react';
import toast, { Toaster, type Toast } from 'react-hot-toast';
import type { ToastMessage } from '../lib/messages';

/** Toasts stay 3.5 s, expiry toasts 5 s (docs/product.md#toasts). */
export const TOAST_DURATION_MS = 3500;
export const EXPIRY_TOAST_DURATION_MS = 5000;
/** A toast offering Undo stays 10 s, long enough to reach with a finger (issue #39 point 8). */
export const UNDO_TOAST_DURATION_MS = 10_000;

function SuccessIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path
        d="M5.5 10.5l3 3 6-6.5"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function ErrorIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path d="M10 5v6M10 14.5v.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/** A button the toast offers for as long as it shows ('Undo'); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
  /** Names the button for tests (`data-testid`). */
  testId?: string;
}

function ToastCard({
  t,
  message,
  action,
  offer,
  hold,
}: {
  t: Toast;
  message: ToastMessage;
  action: ToastAction | undefined;
  offer: ToastAction | undefined;
  /** Keeps the toast while it has focus or a finger on it (true), lets it go again (false). */
  hold?: (held: boolean) => void;
}) {
  const holding = hold
    ? {
        onFocus: () => hold(true),
        onBlur: (event: React.FocusEvent) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hold(false);
        },
        onTouchStart: () => hold(true),
        onTouchEnd: () => hold(false),
      }
    : {};
  return (
    <div
      {...holding}
      className={`toast toast--${message.kind}${t.visible ? ' toast--visible' : ''}`}
      data-testid="toast"
      data-kind={message.kind}
      data-visible={t.visible ? 'true' : 'false'}
      // Errors interrupt the screen reader; successes wait their turn.
      role={message.kind === 'error' ? 'alert' : 'status'}
      aria-live={message.kind === 'error' ? 'assertive' : 'polite'}
    >
      <span className="toast__icon">
        {message.kind === 'success' ? <SuccessIcon /> : <ErrorIcon />}
      </span>
      <div className="toast__body">
        <p className="toast__title" data-testid="toast-title">
          {message.title}
        </p>
        <p className="toast__message" data-testid="toast-message">
          {message.message}
        </p>
        {offer ? (
          <button
            type="button"
            className="toast__offer"
            data-testid={offer.testId ?? 'toast-offer'}
            onClick={() => {
              toast.dismiss(t.id);
              offer.onClick();
            }}
          >
            {offer.label}
          </button>
        ) : null}
      </div>
      {action ? (
        <button
          type="button"
          className="toast__action"
          data-testid={action.testId ?? 'toast-action'}
          onClick={() => {
            toast.dismiss(t.id);
            action.onClick();
          }}
        >
          {action.label}
        </button>
      ) : null}
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => toast.dismiss(t.id)}
        data-testid="toast-close"
      >
        ×
      </button>
    </div>
  );
}

export interface NotifyOptions {
  /** Replaces an open toast with the same id instead of stacking a duplicate. */
  id?: string;
  duration?: number;
  /** A button shown for the toast's time, e.g. Undo. */
  action?: ToastAction;
  /** A next step the toast offers under its message, e.g. reprinting labels a change outdated. */
  offer?: ToastAction;
}

/** Shows a catalogue message (src/lib/messages.ts) as a toast; returns the toast id. */
export function notify(message: ToastMessage, options: NotifyOptions = {}): string {
  const duration = options.duration ?? TOAST_DURATION_MS;
  const show = (id: string | undefined, held: boolean): string =>
    toast.custom(
      (t) => (
        <ToastCard
          t={t}
          message={message}
          action={options.action}
          offer={options.offer}
          // Only a toast with something to press waits for the seller; hover pauses them all.
          hold={options.action || options.offer ? (h) => void show(t.id, h) : undefined}
        />
      ),
      // Shown again with the same id, the toast's time starts over (react-hot-toast).
      { duration: held ? Infinity : duration, ...(id === undefined ? {} : { id }) },
    );
  return show(options.id, false);
}

/** Expiry notifications stay longer so a seller has time to read which items they are. */
export function notifyExpiry(
  message: ToastMessage,
  options: Omit<NotifyOptions, 'duration'> = {},
): string {
  return notify(message, { ...options, duration: EXPIRY_TOAST_DURATION_MS });
}

export function dismissAllToasts(): void {
  toast.dismiss();
}

/** The one toast outlet of the app, bottom-right (docs/product.md#toasts). */
export function AppToaster() {
  return (
    <Toaster
      position="bottom-right"
      gutter={8}
      containerClassName="toaster"
      toastOptions={{ duration: TOAST_DURATION_MS }}
    />
  );
}

/**
 * What a caller may pass to a data mutation hook: the toasts and navigation after a change are
 * the screen's choice, not the data layer's. `error` is a DataError, or the AppError of a
 * refusal decided before any request.
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
}

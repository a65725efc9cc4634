// The public face of undo (issue 25): the toast's Undo after a move or a removal, and the undo
// the Activity Log offers. Its data is in src/data/undo.
export { useUndo, useUndoOffer } from './use-undo';

// The offline queue as the seller sees it (issue #26): the header's "changes waiting" and the
// decisions a refused change asks for. Its data is in src/data/offline.
export { ChangesWaiting } from './changes-waiting';
export { useUnsentChanges } from './use-unsent-changes';
export { unsentChangesWarning } from '../../domain/outbox';

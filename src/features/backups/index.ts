// The public face of the backups feature; other features import from here only.
export { BackupsPanel } from './backups-panel';

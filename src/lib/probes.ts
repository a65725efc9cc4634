import { readStored } from './browser-storage';

/**
 * The one switch for measurement hooks in the page. The bench and the e2e tests that read the 3D
 * renderer's figures set it before the app loads; a seller's browser never has it, so no probe
 * code is downloaded or runs on the product's paths.
 */
export const PROBES_KEY = 'stockroom.probes';

export function probesWanted(): boolean {
  return readStored(PROBES_KEY) === 'on';
}

import { randomBytes } from 'node:crypto';

/** Credentials the local stack makes up start with this, so they are never taken for real ones. */
export const LOCAL_EBAY_CLIENT_PREFIX = 'Stockroo-local-';
export const LOCAL_RU_NAME = 'Stockroom_Local-Stockroo-local-sandbox';

export interface EbaySandboxSettings {
  clientId: string;
  clientSecret: string;
  ruName: string;
  /** The functions' environment once the sandbox listens at `url`. */
  functionEnv(url: string): Record<string, string>;
}

/**
 * How the stack should provide eBay: null when the environment already names a real eBay
 * application (EBAY_CLIENT_ID not made up by us: then the functions talk to eBay itself);
 * otherwise the sandbox's settings. Values left in process.env by an earlier local stack in the
 * same process are local too and are reused, so a restarted stack keeps working.
 */
export function ebaySandboxSettings(env: NodeJS.ProcessEnv): EbaySandboxSettings | null {
  const given = env.EBAY_CLIENT_ID?.trim();
  if (given && !given.startsWith(LOCAL_EBAY_CLIENT_PREFIX)) return null;
  const clientId = given || `${LOCAL_EBAY_CLIENT_PREFIX}${randomBytes(6).toString('hex')}`;
  const clientSecret =
    (given && env.EBAY_CLIENT_SECRET?.trim()) || `SBX-${randomBytes(16).toString('hex')}`;
  const ruName = (given && env.EBAY_RU_NAME?.trim()) || LOCAL_RU_NAME;
  return {
    clientId,
    clientSecret,
    ruName,
    functionEnv: (url) => ({
      EBAY_CLIENT_ID: clientId,
      EBAY_CLIENT_SECRET: clientSecret,
      EBAY_RU_NAME: ruName,
      EBAY_API_BASE: url,
      EBAY_AUTH_BASE: url,
    }),
  };
}

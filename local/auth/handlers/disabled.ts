// Features this server does not offer, answered as GoTrue answers them when they are switched
// off: SAML SSO, manual identity linking, and sign-in with a third-party ID token.
import type { Ctx } from '../context.ts';
import { badRequest, notFound, OAuthError } from '../errors.ts';
import { requireUser } from '../guards.ts';
import { readParams, str } from '../http.ts';

/** POST /sso and /sso/saml/*: GoTrue's requireSAMLEnabled. */
export function sso(): void {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}

/** GET /user/identities/authorize and DELETE /user/identities/:id: signed in, then refused. */
export async function identities(ctx: Ctx): Promise<void> {
  await requireUser(ctx);
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}

/** Issuers GoTrue knows for the built-in ID-token providers (none of them enabled here). */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
  keycloak: '',
};

/** The `iss` of a JWT read without checking it, as GoTrue reads it to pick Apple's / Azure's issuer. */
function unverifiedIssuer(idToken: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    return typeof payload?.iss === 'string' ? payload.iss : null;
  } catch {
    return null;
  }
}

const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const quoted = (s: string) => JSON.stringify(s);
const providerDisabled = (issuer: string) =>
  badRequest('provider_disabled', `Provider (issuer ${quoted(issuer)}) is not enabled`);

/** Which disabled provider an id_token request names, and GoTrue's answer for it. */
function refuseIdToken(provider: string, issuer: string, idToken: string): never {
  if (provider === 'apple' || APPLE_ISSUERS.includes(issuer)) {
    const detected = unverifiedIssuer(idToken);
    if (!detected) {
      throw badRequest(
        'validation_failed',
        'Unable to detect issuer in ID token for Apple provider',
      );
    }
    if (!APPLE_ISSUERS.includes(detected)) {
      throw badRequest(
        'validation_failed',
        'Detected ID token issuer is not an Apple ID token issuer',
      );
    }
    throw providerDisabled(detected);
  }
  if (provider === 'azure' || issuer.startsWith('https://login.microsoftonline.com/')) {
    const detected = unverifiedIssuer(idToken);
    if (!detected) {
      throw badRequest(
        'validation_failed',
        'Unable to detect issuer in ID token for Azure provider',
      );
    }
    if (
      !detected.startsWith('https://login.microsoftonline.com/') &&
      !detected.startsWith('https://sts.windows.net/')
    ) {
      throw badRequest(
        'validation_failed',
        'Detected ID token issuer is not an Azure ID token issuer',
      );
    }
    throw providerDisabled(detected);
  }
  for (const [name, iss] of Object.entries(ISSUERS)) {
    if (provider === name || (iss !== '' && issuer === iss)) throw providerDisabled(iss);
  }
  if (provider.startsWith('custom:')) {
    throw badRequest('validation_failed', 'Custom OAuth providers are disabled');
  }
  throw badRequest('validation_failed', `Custom OIDC provider ${quoted(provider)} not allowed`);
}

/** POST /token?grant_type=id_token, in GoTrue's order of checks. */
export async function idTokenGrant(ctx: Ctx): Promise<void> {
  const p = await readParams(ctx.req);
  const idToken = str(p, 'id_token');
  const provider = str(p, 'provider');
  const issuer = str(p, 'issuer');
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!provider && (!str(p, 'client_id') || !issuer)) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  if (p.link_identity === true) {
    if (!ctx.req.headers.authorization) {
      throw new OAuthError(
        'invalid request',
        'Linking requires a valid user access token in Authorization',
      );
    }
    await requireUser(ctx);
  }
  refuseIdToken(provider, issuer, idToken);
}

// GET /health, GET /settings, GET /.well-known/jwks.json
import type { Ctx } from '../context.ts';
import { badRequest, sendJSON } from '../errors.ts';

export function health(ctx: Ctx): void {
  sendJSON(ctx.res, 200, {
    version: 'stockroom-local',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
}

const PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

export function settings(ctx: Ctx): void {
  const external = Object.fromEntries(PROVIDERS.map((p) => [p, p === 'email']));
  sendJSON(ctx.res, 200, {
    external,
    disable_signup: ctx.svc.cfg.disableSignup,
    mailer_autoconfirm: ctx.svc.cfg.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    passkeys_enabled: false,
  });
}

/** GET /authorize: no OAuth providers are enabled on this local server, as /settings says. */
export function authorize(): void {
  throw badRequest('validation_failed', 'Unsupported provider: provider is not enabled');
}

/** Tokens are HS256 with a shared secret, which is never published: the key set is empty. */
export function jwks(ctx: Ctx): void {
  sendJSON(ctx.res, 200, { keys: [] });
}

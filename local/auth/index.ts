// Our local implementation of the Supabase Auth (GoTrue) HTTP API, the part supabase-js v2
// uses. The gateway mounts it under /auth/v1 after checking the apikey header:
//
//   const auth = createAuthService(config);
//   // for a request to /auth/v1/token?grant_type=password
//   await auth.handle(req, res, '/token?grant_type=password');
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveConfig, type AuthConfig } from './config.ts';
import type { Ctx, Service } from './context.ts';
import { AuthError, notFound, sendError } from './errors.ts';
import { clientIp, userAgent } from './http.ts';
import { RateLimiter } from './rate-limit.ts';
import * as admin from './handlers/admin.ts';
import * as disabled from './handlers/disabled.ts';
import * as factors from './handlers/factors.ts';
import { generateLink } from './handlers/generate-link.ts';
import { logout } from './handlers/logout.ts';
import { otp, reauthenticate, recover, resend } from './handlers/mail-requests.ts';
import { authorize, health, jwks, settings } from './handlers/meta.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, updateUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';

export type { AuthConfig, RateLimitConfig } from './config.ts';

type Handler = (ctx: Ctx, ...params: string[]) => Promise<void> | void;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Routes as [method, pattern, handler]; `:x` segments are passed to the handler in order. */
const ROUTES: Array<[Method, string, Handler]> = [
  ['GET', '/health', health],
  ['GET', '/settings', settings],
  ['GET', '/.well-known/jwks.json', jwks],
  ['GET', '/authorize', authorize],
  ['POST', '/invite', admin.invite],
  ['POST', '/signup', signup],
  ['POST', '/token', token],
  ['POST', '/logout', logout],
  ['GET', '/user', getUser],
  ['PUT', '/user', updateUser],
  ['GET', '/user/identities/authorize', disabled.identities],
  ['DELETE', '/user/identities/:id', disabled.identities],
  ['POST', '/sso', disabled.sso],
  ['GET', '/sso/saml/metadata', disabled.sso],
  ['POST', '/sso/saml/acs', disabled.sso],
  ['POST', '/recover', recover],
  ['POST', '/otp', otp],
  ['POST', '/magiclink', otp],
  ['POST', '/resend', resend],
  ['GET', '/reauthenticate', reauthenticate],
  ['GET', '/verify', verifyGet],
  ['POST', '/verify', verifyPost],
  ['POST', '/factors', factors.enroll],
  ['POST', '/factors/:id/challenge', factors.challenge],
  ['POST', '/factors/:id/verify', factors.verify],
  ['DELETE', '/factors/:id', factors.unenroll],
  ['GET', '/admin/users', admin.listUsers],
  ['POST', '/admin/users', admin.createUser],
  ['GET', '/admin/users/:id', admin.getUser],
  ['PUT', '/admin/users/:id', admin.updateUser],
  ['DELETE', '/admin/users/:id', admin.deleteUser],
  ['GET', '/admin/users/:id/factors', admin.listUserFactors],
  ['DELETE', '/admin/users/:id/factors/:factorId', admin.deleteUserFactor],
  ['POST', '/admin/generate_link', generateLink],
];

function match(pattern: string, path: string): string[] | null {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return null;
  const params: string[] = [];
  for (let i = 0; i < p.length; i++) {
    const want = p[i] ?? '';
    const got = s[i] ?? '';
    if (want.startsWith(':')) params.push(decodeURIComponent(got));
    else if (want !== got) return null;
  }
  return params;
}

export function createAuthService(config: AuthConfig): {
  handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void>;
} {
  const cfg = resolveConfig(config);
  const svc: Service = { cfg, limiter: new RateLimiter(cfg.now) };

  return {
    async handle(req, res, path) {
      const url = new URL(path || '/', 'http://auth.local');
      const ctx: Ctx = {
        svc,
        req,
        res,
        path: url.pathname.replace(/\/+$/, '') || '/',
        query: url.searchParams,
        ip: clientIp(req),
        userAgent: userAgent(req),
        now: cfg.now(),
      };
      try {
        const method = (req.method ?? 'GET').toUpperCase();
        let pathMatched = false;
        for (const [m, pattern, handler] of ROUTES) {
          const params = match(pattern, ctx.path);
          if (!params) continue;
          pathMatched = true;
          if (m !== method) continue;
          await handler(ctx, ...params);
          return;
        }
        if (pathMatched) throw new AuthError(405, 'method_not_allowed', 'Method Not Allowed');
        throw notFound('not_found', 'Not Found');
      } catch (e) {
        // Drain anything unread so the connection can carry the error response.
        if (!req.readableEnded) req.resume();
        sendError(req, res, e);
      }
    },
  };
}

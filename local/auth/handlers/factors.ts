// MFA with TOTP: POST /factors (enrol), POST /factors/:id/challenge,
// POST /factors/:id/verify (raises the session to aal2), DELETE /factors/:id (unenrol).
import type { Ctx } from '../context.ts';
import { badRequest, forbidden, internal, notFound, sendJSON, unprocessable } from '../errors.ts';
import { requireUser, type Caller } from '../guards.ts';
import { readBody, readParams, str } from '../http.ts';
import { qrSvg } from '../qr.ts';
import { limitClient } from '../rate-limit.ts';
import { withTx } from '../store/db.ts';
import {
  deleteExpiredFactors,
  findChallenge,
  findFactor,
  insertChallenge,
  insertTotpFactor,
  listFactorRows,
  type FactorRow,
} from '../store/factors.ts';
import { addAmrClaim, setSessionAal } from '../store/sessions.ts';
import { findUserById } from '../store/users.ts';
import { rotateSessionIn } from '../tokens.ts';
import { generateSecret, otpauthUri, verifyTotp } from '../totp.ts';
import { isUuid } from '../validate.ts';

function requireSession(caller: Caller) {
  if (!caller.session) {
    throw internal('A valid session and a registered user are required to enroll a factor');
  }
  return caller.session;
}

export async function enroll(ctx: Ctx): Promise<void> {
  const caller = await requireUser(ctx);
  const session = requireSession(caller);
  const { cfg } = ctx.svc;
  const p = await readParams(ctx.req);
  const factorType = str(p, 'factor_type');
  const friendlyName = str(p, 'friendly_name');
  const issuerParam = str(p, 'issuer');

  if (factorType === 'phone') {
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  }
  if (factorType === 'webauthn') {
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  if (factorType !== 'totp') {
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
  }
  if (friendlyName.length > 255 || issuerParam.length > 255) {
    throw badRequest(
      'validation_failed',
      'friendly_name and issuer must be at most 255 characters',
    );
  }
  const issuer = issuerParam || new URL(cfg.siteUrl).host;

  await deleteExpiredFactors(
    cfg.pool,
    new Date(ctx.now.getTime() - cfg.factorExpirySeconds * 1000),
  );
  const factors = await listFactorRows(cfg.pool, caller.user.id);
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= cfg.maxEnrolledFactors || verified >= cfg.maxEnrolledFactors) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && session.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  const secret = generateSecret();
  const uri = otpauthUri(issuer, caller.user.email ?? '', secret);
  const id = await insertTotpFactor(cfg.pool, caller.user.id, friendlyName, secret, ctx.now);
  sendJSON(ctx.res, 200, {
    id,
    type: 'totp',
    friendly_name: friendlyName,
    // Raw SVG markup, as GoTrue sends it; supabase-js turns it into a data: URI.
    totp: { qr_code: qrSvg(uri), secret, uri },
  });
}

async function loadFactor(ctx: Ctx, caller: Caller, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findFactor(ctx.svc.cfg.pool, caller.user.id, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

export async function challenge(ctx: Ctx, factorId: string): Promise<void> {
  const caller = await requireUser(ctx);
  const factor = await loadFactor(ctx, caller, factorId);
  limitClient(ctx, 'factor_challenge');
  // auth-js posts its own params object here; nothing in it matters for TOTP, so it is read
  // (size-capped) and ignored.
  await readBody(ctx.req);
  if (factor.factor_type !== 'totp') {
    throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  }
  const { cfg } = ctx.svc;
  const id = await insertChallenge(cfg.pool, factor.id, ctx.ip, ctx.now);
  sendJSON(ctx.res, 200, {
    id,
    type: 'totp',
    expires_at: Math.floor(ctx.now.getTime() / 1000) + cfg.challengeExpirySeconds,
  });
}

export async function verify(ctx: Ctx, factorId: string): Promise<void> {
  const caller = await requireUser(ctx);
  const factor = await loadFactor(ctx, caller, factorId);
  limitClient(ctx, 'factor_verify');
  const session = requireSession(caller);
  const p = await readParams(ctx.req);
  const challengeId = str(p, 'challenge_id');
  const code = str(p, 'code');
  if (!isUuid(challengeId)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: invalid challenge_id');
  }
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  const { cfg } = ctx.svc;

  const body = await withTx(cfg.pool, async (c) => {
    const ch = await findChallenge(c, factor.id, challengeId);
    if (!ch) {
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    if (ch.verified_at || ch.ip_address !== ctx.ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (ch.created_at.getTime() + cfg.challengeExpirySeconds * 1000 < ctx.now.getTime()) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${ch.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!factor.secret || !verifyTotp(factor.secret, code, ctx.now)) {
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await c.query(`update auth.mfa_challenges set verified_at = $2 where id = $1`, [
      ch.id,
      ctx.now,
    ]);
    await c.query(
      `update auth.mfa_factors set status = 'verified', updated_at = $2 where id = $1`,
      [factor.id, ctx.now],
    );
    await addAmrClaim(c, session.id, 'totp', ctx.now);
    await setSessionAal(c, session.id, 'aal2', factor.id, ctx.now);
    // Sessions that never passed MFA cannot be trusted once the account has a factor.
    await c.query(
      `delete from auth.sessions where user_id = $1 and id <> $2 and (aal is null or aal < 'aal2')`,
      [caller.user.id, session.id],
    );
    await c.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = 'totp' and status = 'unverified'`,
      [caller.user.id],
    );
    const user = await findUserById(c, caller.user.id);
    if (!user) throw forbidden('user_not_found', 'User not found');
    return rotateSessionIn(ctx, c, user.id, session.id);
  });
  sendJSON(ctx.res, 200, body);
}

export async function unenroll(ctx: Ctx, factorId: string): Promise<void> {
  const caller = await requireUser(ctx);
  const session = requireSession(caller);
  const factor = await loadFactor(ctx, caller, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await withTx(ctx.svc.cfg.pool, async (c) => {
    // Sessions that were raised with this factor drop back to aal1 (GoTrue's
    // DowngradeSessionsToAAL1); their totp claim goes so new tokens say aal1 too.
    await c.query(
      `delete from auth.mfa_amr_claims where authentication_method = 'totp'
          and session_id in (select id from auth.sessions where factor_id = $1)`,
      [factor.id],
    );
    await c.query(
      `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = $2 where factor_id = $1`,
      [factor.id, ctx.now],
    );
    await c.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  });
  sendJSON(ctx.res, 200, { id: factor.id });
}

// POST /logout?scope=global|local|others
import type { Ctx } from '../context.ts';
import { badRequest } from '../errors.ts';
import { requireUser } from '../guards.ts';
import { deleteSession, deleteUserSessions } from '../store/sessions.ts';

export async function logout(ctx: Ctx): Promise<void> {
  const scope = ctx.query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await requireUser(ctx);
  const db = ctx.svc.cfg.pool;
  // Deleting sessions cascades to their refresh tokens and amr claims; access tokens that
  // name a deleted session are refused by every endpoint that checks the session.
  if (session && scope === 'local') await deleteSession(db, session.id);
  else if (session && scope === 'others') await deleteUserSessions(db, user.id, session.id);
  else await deleteUserSessions(db, user.id);
  ctx.res.statusCode = 204;
  ctx.res.end();
}

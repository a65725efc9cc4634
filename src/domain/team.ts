/**
 * Team rules the screens show (issue #27). The database decides every one of them again
 * (private.seats_used, private.require_role); these only say it in advance.
 */
import type { PlanId } from './plans';

export const TEAM_ROLES = ['owner', 'manager', 'picker'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an invitation or a role change may give (an account has one owner). */
export const INVITE_ROLES = ['picker', 'manager'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

/** Seats by plan, owner included (plans.max_members). */
export const TEAM_SEATS: Readonly<Record<PlanId, number>> = {
  free: 1,
  growing: 2,
  power: 5,
  elite: 10,
};

export function seatsOf(planId: string | null | undefined): number {
  return TEAM_SEATS[planId as PlanId] ?? TEAM_SEATS.free;
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

export function roleLabel(role: string): string {
  return role === 'owner' ? 'Owner' : role === 'manager' ? 'Manager' : 'Picker';
}

/** Owners and managers invite, change roles and remove members. */
export function managesTeam(role: string | null | undefined): boolean {
  return role === 'owner' || role === 'manager';
}

/** Seats in use: members plus invitations still pending and not expired (as the database counts). */
export function seatsUsed(
  members: number,
  invitations: readonly { expires_at: string }[],
  now: Date = new Date(),
): number {
  return (
    members + invitations.filter((i) => new Date(i.expires_at).getTime() > now.getTime()).length
  );
}

/** "3 of 5 seats used" */
export function seatsText(used: number, total: number): string {
  return `${used} of ${total} ${total === 1 ? 'seat' : 'seats'} used`;
}

export function isExpired(expiresAt: string, now: Date = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

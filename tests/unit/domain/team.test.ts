// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  isExpired,
  isTeamRole,
  managesTeam,
  roleLabel,
  seatsOf,
  seatsText,
  seatsUsed,
} from '../../../src/domain/team';

describe('team rules', () => {
  it('gives each plan its seats, owner included', () => {
    expect([seatsOf('free'), seatsOf('growing'), seatsOf('power'), seatsOf('elite')]).toEqual([
      1, 2, 5, 10,
    ]);
    expect(seatsOf(undefined)).toBe(1);
    expect(seatsOf('nonsense')).toBe(1);
  });

  it('counts members and unexpired pending invitations as seats', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const invitations = [
      { expires_at: '2026-12-01T00:00:00Z' },
      { expires_at: '2026-11-25T00:00:00Z' },
    ];
    expect(seatsUsed(2, invitations, now)).toBe(3);
    expect(isExpired('2026-11-25T00:00:00Z', now)).toBe(true);
    expect(isExpired('2026-12-01T00:00:00Z', now)).toBe(false);
  });

  it('says the seats in words', () => {
    expect(seatsText(3, 5)).toBe('3 of 5 seats used');
    expect(seatsText(1, 1)).toBe('1 of 1 seat used');
  });

  it('knows who manages the team and names the roles', () => {
    expect(managesTeam('owner')).toBe(true);
    expect(managesTeam('manager')).toBe(true);
    expect(managesTeam('picker')).toBe(false);
    expect(managesTeam(undefined)).toBe(false);
    expect(roleLabel('picker')).toBe('Picker');
    expect(roleLabel('manager')).toBe('Manager');
    expect(roleLabel('owner')).toBe('Owner');
    expect(isTeamRole('picker')).toBe(true);
    expect(isTeamRole('admin')).toBe(false);
  });
});

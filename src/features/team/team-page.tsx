import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { FailureNotice } from '../../components/failure-notice';
import { Screen } from '../../components/screen';
import { showError } from '../../components/show-error';
import { SubmitButton } from '../../components/submit-button';
import { ColumnHeadings, ScrollingTable } from '../../components/table';
import { TextField } from '../../components/text-field';
import { notify } from '../../components/toasts';
import {
  useChangeMemberRole,
  useLeaveAccount,
  useRemoveMember,
  useSendInvitation,
  useTransferOwnership,
  useWithdrawInvitation,
} from '../../data/team/team-changes';
import {
  useCurrentAccount,
  usePendingInvitations,
  useTeamMembers,
  type PendingInvitation,
  type TeamMember,
} from '../../data/team/team';
import {
  INVITE_ROLES,
  isExpired,
  managesTeam,
  roleLabel,
  seatsOf,
  seatsText,
  seatsUsed,
  type InviteRole,
} from '../../domain/team';
import { formatLongDate, type DateFormat } from '../../lib/format';
import { DEFAULT_PREFERENCES } from '../../data/settings/preferences';
import { usePreferences } from '../../data/settings/get-preferences';
import { messages } from '../../lib/messages';
import { useAuth } from '../auth';
import { useAccountId } from '../account';
import { NO_USER, type AccountId, type UserId } from '../../domain/ids';
import './team.css';

/**
 * The Team screen (issue #27): who works in the current account, with which role, and the
 * seats the plan gives. Owners and managers invite by e-mail, resend or withdraw pending
 * invitations, change roles and remove members; the owner may also hand the account over to
 * another member (issue #36); every other member sees the list and may leave. The database
 * decides every one of these again (role, seats, input).
 */
export function TeamPage() {
  const { user } = useAuth();
  const userId = user?.id ?? NO_USER;
  const account = useCurrentAccount(userId);
  const members = useTeamMembers(userId);
  const you = members.data?.find((member) => member.is_you);
  const canManage = managesTeam(you?.role);
  const invitations = usePendingInvitations(userId, account.data?.account_id, canManage);

  const total = seatsOf(account.data?.plan_id);
  const used = seatsUsed(members.data?.length ?? 0, invitations.data ?? []);

  return (
    <Screen
      testId="team-page"
      title="Team"
      intro="Who works in this stockroom, with which role, and the seats your plan includes."
    >
      {members.isError ? (
        <FailureNotice failed error={members.error} testId="team-load-error" />
      ) : null}
      {account.data && members.data ? (
        <p className="team__seats" data-testid="team-seats">
          <strong>{seatsText(used, total)}</strong>{' '}
          <span className="muted">
            on {account.data.name}
            {you?.role === 'owner' ? (
              <>
                {' '}
                · <Link to="/dashboard/settings?tab=subscription">Manage subscription</Link>
              </>
            ) : null}
          </span>
        </p>
      ) : null}

      {canManage ? <InviteForm userId={userId} /> : null}

      {members.isPending ? <p className="muted">Loading the team…</p> : null}
      {members.data ? (
        <MembersTable
          userId={userId}
          members={members.data}
          canManage={canManage}
          isOwner={you?.role === 'owner'}
          accountName={account.data?.name ?? 'this account'}
        />
      ) : null}

      {canManage && invitations.data && invitations.data.length > 0 ? (
        <InvitationsTable userId={userId} invitations={invitations.data} />
      ) : null}

      {you && you.role !== 'owner' && account.data ? (
        <LeaveAccount
          userId={userId}
          accountId={account.data.account_id}
          name={account.data.name}
        />
      ) : null}
    </Screen>
  );
}

function RoleOptions() {
  return (
    <>
      {INVITE_ROLES.map((role) => (
        <option key={role} value={role}>
          {roleLabel(role)}
        </option>
      ))}
    </>
  );
}

function InviteForm({ userId }: { userId: UserId }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('picker');
  const send = useSendInvitation(userId, {
    onSuccess: (sent) => {
      notify(messages.invitationSent(sent.invitation.email));
      setEmail('');
      setRole('picker');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ email, role });
  };

  return (
    <section className="card team__invite" aria-labelledby="team-invite-title">
      <h2 id="team-invite-title">Invite a team member</h2>
      <FailureNotice failed={send.isError} error={send.error} testId="team-invite-error" />
      <form className="team__invite-form" onSubmit={submit} noValidate>
        <TextField
          id="team-invite-email"
          label="E-mail address"
          type="email"
          autoComplete="off"
          required
          maxLength={320}
          value={email}
          onValueChange={setEmail}
          testId="team-invite-email"
        />
        <div className="field">
          <label htmlFor="team-invite-role">Role</label>
          <select
            id="team-invite-role"
            value={role}
            onChange={(event) => setRole(event.target.value as InviteRole)}
          >
            <RoleOptions />
          </select>
        </div>
        <SubmitButton busy={send.isPending} busyLabel="Sending…" testId="team-invite-send">
          Send invitation
        </SubmitButton>
      </form>
      <p className="field__hint">
        They get an e-mail with a link to join. A picker moves, scans and picks; a manager can also
        build storage, import and export.
      </p>
    </section>
  );
}

function lastActive(member: TeamMember, dateFormat: DateFormat): string {
  if (member.is_you) return 'Now';
  return member.last_active_at ? formatLongDate(member.last_active_at, dateFormat) : 'Not yet';
}

/** The account's date format (docs/product.md#preferences), for the dates in both tables. */
function useDateFormat(): DateFormat {
  return (usePreferences(useAccountId()).data ?? DEFAULT_PREFERENCES).date_format;
}

function MembersTable({
  userId,
  members,
  canManage,
  isOwner,
  accountName,
}: {
  userId: UserId;
  members: TeamMember[];
  canManage: boolean;
  /** The signed-in user owns the account: they may hand it to another member. */
  isOwner: boolean;
  accountName: string;
}) {
  const dateFormat = useDateFormat();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [handingTo, setHandingTo] = useState<TeamMember | null>(null);
  const changeRole = useChangeMemberRole(userId, {
    onSuccess: (_data, input) => {
      const member = members.find((m) => m.user_id === input.userId);
      notify(
        messages.memberRoleChanged(
          member?.email ?? 'The member',
          roleLabel(input.role).toLowerCase(),
        ),
      );
    },
    onError: (error) => showError(error, messages.teamChangeFailed()),
  });
  const remove = useRemoveMember(userId, {
    onSuccess: () => {
      if (removing) notify(messages.memberRemoved(removing.email));
      setRemoving(null);
    },
    onError: (error) => {
      setRemoving(null);
      showError(error, messages.teamChangeFailed());
    },
  });

  const transfer = useTransferOwnership(userId, {
    onSuccess: () => {
      if (handingTo) notify(messages.ownershipTransferred(handingTo.email));
      setHandingTo(null);
    },
    onError: (error) => {
      setHandingTo(null);
      showError(error, messages.teamChangeFailed());
    },
  });

  return (
    <section className="team__section" aria-labelledby="team-members-title">
      <h2 id="team-members-title">Members</h2>
      <ScrollingTable className="team__table-wrap" label="Members">
        <table className="team__table" data-testid="team-members">
          <ColumnHeadings
            names={['E-mail', 'Role', 'Last active', ...(canManage ? ['Actions'] : [])]}
          />
          <tbody>
            {members.map((member) => {
              const editable = canManage && member.role !== 'owner' && !member.is_you;
              return (
                <tr key={member.user_id} data-testid="team-member">
                  <td>
                    {member.email}
                    {member.is_you ? <span className="muted"> (you)</span> : null}
                  </td>
                  <td>
                    {editable ? (
                      <select
                        className="select"
                        aria-label={`Role for ${member.email}`}
                        value={member.role}
                        disabled={changeRole.isPending}
                        onChange={(event) =>
                          changeRole.mutate({
                            userId: member.user_id,
                            role: event.target.value as InviteRole,
                          })
                        }
                      >
                        <RoleOptions />
                      </select>
                    ) : (
                      <span className="badge">{roleLabel(member.role)}</span>
                    )}
                  </td>
                  <td>{lastActive(member, dateFormat)}</td>
                  {canManage ? (
                    <td>
                      <div className="team__row-actions">
                        {isOwner && !member.is_you && member.role !== 'owner' ? (
                          <button
                            type="button"
                            className="button button--secondary"
                            aria-label={`Make ${member.email} the owner`}
                            onClick={() => setHandingTo(member)}
                          >
                            Make owner
                          </button>
                        ) : null}
                        {editable ? (
                          <button
                            type="button"
                            className="button button--secondary"
                            onClick={() => setRemoving(member)}
                          >
                            Remove
                          </button>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollingTable>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        message="They lose access to this stockroom at once. Their past changes stay in the activity log."
        confirmLabel="Remove member"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.user_id)}
        onCancel={() => setRemoving(null)}
        testId="team-remove-dialog"
      />
      <ConfirmDialog
        open={handingTo !== null}
        title={`Make ${handingTo?.email ?? ''} the owner?`}
        message={`They become the owner of ${accountName}: its plan, billing and eBay connection are theirs from now on. You stay in this stockroom as a manager, and if it was your own, you get a new, empty stockroom of your own.`}
        confirmLabel="Transfer ownership"
        busy={transfer.isPending}
        onConfirm={() => handingTo && transfer.mutate(handingTo.user_id)}
        onCancel={() => setHandingTo(null)}
        testId="team-transfer-dialog"
      />
    </section>
  );
}

function InvitationsTable({
  userId,
  invitations,
}: {
  userId: UserId;
  invitations: PendingInvitation[];
}) {
  const dateFormat = useDateFormat();
  const [resending, setResending] = useState<string | null>(null);
  const resend = useSendInvitation(userId, {
    onSuccess: (sent) => {
      setResending(null);
      notify(messages.invitationResent(sent.invitation.email));
    },
    onError: (error) => {
      setResending(null);
      showError(error, messages.inviteFailed());
    },
  });
  const withdraw = useWithdrawInvitation(userId, {
    onSuccess: (_data, id) => {
      const invitation = invitations.find((i) => i.id === id);
      notify(messages.invitationWithdrawn(invitation?.email ?? 'the address'));
    },
    onError: (error) => showError(error, messages.teamChangeFailed()),
  });

  return (
    <section className="team__section" aria-labelledby="team-invitations-title">
      <h2 id="team-invitations-title">Pending invitations</h2>
      <ScrollingTable className="team__table-wrap" label="Pending invitations">
        <table className="team__table" data-testid="team-invitations">
          <ColumnHeadings names={['E-mail', 'Role', 'Expires', 'Actions']} />
          <tbody>
            {invitations.map((invitation) => {
              const expired = isExpired(invitation.expires_at);
              return (
                <tr key={invitation.id} data-testid="team-invitation">
                  <td>{invitation.email}</td>
                  <td>
                    <span className="badge">{roleLabel(invitation.role)}</span>
                  </td>
                  <td>
                    {expired ? 'Expired ' : ''}
                    {formatLongDate(invitation.expires_at, dateFormat)}
                  </td>
                  <td>
                    <div className="team__row-actions">
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={resending === invitation.id}
                        aria-label={`Resend the invitation to ${invitation.email}`}
                        onClick={() => {
                          setResending(invitation.id);
                          resend.mutate({
                            email: invitation.email,
                            role: invitation.role === 'manager' ? 'manager' : 'picker',
                          });
                        }}
                      >
                        {resending === invitation.id ? 'Sending…' : 'Resend'}
                      </button>
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={withdraw.isPending && withdraw.variables === invitation.id}
                        aria-label={`Withdraw the invitation to ${invitation.email}`}
                        onClick={() => withdraw.mutate(invitation.id)}
                      >
                        Withdraw
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollingTable>
    </section>
  );
}

function LeaveAccount({
  userId,
  accountId,
  name,
}: {
  userId: UserId;
  accountId: AccountId;
  name: string;
}) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const leave = useLeaveAccount(userId, {
    onSuccess: () => {
      setAsking(false);
      notify(messages.accountLeft(name));
      void navigate('/dashboard');
    },
    onError: (error) => {
      setAsking(false);
      showError(error, messages.teamChangeFailed());
    },
  });
  return (
    <section className="team__section" aria-labelledby="team-leave-title">
      <h2 id="team-leave-title">Leave</h2>
      <p className="muted">You stop working in {name}. Your own stockroom is not affected.</p>
      <button type="button" className="button button--secondary" onClick={() => setAsking(true)}>
        Leave this account
      </button>
      <ConfirmDialog
        open={asking}
        title={`Leave ${name}?`}
        message="You lose access to this stockroom until someone invites you again."
        confirmLabel="Leave account"
        busy={leave.isPending}
        onConfirm={() => leave.mutate(accountId)}
        onCancel={() => setAsking(false)}
        testId="team-leave-dialog"
      />
    </section>
  );
}

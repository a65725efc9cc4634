// The public face of the team feature.
export { TeamPage } from './team-page';
export { AcceptInvitePage } from './accept-invite-page';
export { InvitationsNotice } from './invitations-notice';

// The public face of the team feature.
export { TeamPage } from './team-page';

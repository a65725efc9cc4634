/** Same floor as the auth server's (GoTrue minimum password length). */
export const MIN_PASSWORD_LENGTH = 6;

/** Why a new password cannot be used, or null when it can. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password !== confirmation) return 'The two passwords do not match';
  return null;
}

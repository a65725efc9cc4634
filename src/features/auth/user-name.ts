/** A user's name is the part of their e-mail address before the '@' (docs/product.md#sessions). */
export function nameFromEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  return (at === -1 ? email : email.slice(0, at)).trim();
}

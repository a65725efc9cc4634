import type { ReactNode } from 'react';
import type { RoleAction } from '../../domain/roles';
import { useCan } from './account-context';

/**
 * A screen (or part of one) only some roles may see: for the others, one plain sentence in its
 * place (the database refuses them anyway).
 */
export function RoleGate({
  action,
  sentence,
  children,
}: {
  action: RoleAction;
  sentence: string;
  children: ReactNode;
}) {
  if (useCan(action)) return <>{children}</>;
  return (
    <div className="notice" role="status" data-testid="role-refused">
      <p>{sentence}</p>
    </div>
  );
}

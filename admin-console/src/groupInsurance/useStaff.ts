import { useGetIdentity } from 'react-admin';

/**
 * Whether the signed-in user is staff (no organization of their own): staff see every company, so their
 * lists get an organization filter and column; a company administrator's lists are their company's only
 * (the server scopes them, whatever they send).
 */
export function useIsStaff(): boolean {
  const { identity } = useGetIdentity();
  return !!identity && !(identity as { organizationId?: string | null }).organizationId;
}

import { useGetIdentity } from 'react-admin';
import { canAccess } from '../access';
import { usePermissionList } from '../usePermissionList';

/**
 * Whether the signed-in user is staff (no organization of their own): staff see every company, so their
 * lists get a company column; a company administrator's lists are their company's only (the server scopes
 * them, whatever they send).
 */
export function useIsStaff(): boolean {
  const { identity } = useGetIdentity();
  return !!identity && !(identity as { organizationId?: string | null }).organizationId;
}

/** Staff who may read the organizations (the filter's choices) get the "Empresa" filter. */
export function useOrganizationFilter(): boolean {
  const permissions = usePermissionList();
  return useIsStaff() && canAccess(permissions, 'organizations', 'list');
}

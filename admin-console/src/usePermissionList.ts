import { usePermissions } from 'react-admin';

/** The signed-in user's permissions (GET /api/admin/me through authProvider.getPermissions); [] until known. */
export function usePermissionList(): string[] {
  const { permissions } = usePermissions<string[]>();
  return Array.isArray(permissions) ? permissions : [];
}

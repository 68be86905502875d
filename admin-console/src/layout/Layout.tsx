import type { ReactNode } from 'react';
import { Layout as RaLayout, Navigate } from 'react-admin';
import { CHANGE_PASSWORD_PATH, storedUser } from '../authProvider';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

/**
 * The console's frame. A user whose password expired sees nothing but the password change: the server
 * refuses every other admin call anyway (403 PASSWORD_EXPIRED).
 */
export function Layout({ children }: { children: ReactNode }) {
  if (storedUser()?.mustChangePassword) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
}

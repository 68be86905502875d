import { Divider, ListSubheader } from '@mui/material';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { REFERENCE_PATH } from '../reference/path';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import type { ReactNode } from 'react';
import { canAccess } from '../access';
import { usePermissionList } from '../usePermissionList';

/** A group title, shown only while the sidebar is open and while the group has something to show. */
function Group({ title, resources, children }: { title: string; resources: string[]; children: ReactNode }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const permissions = usePermissionList();
  const visible = resources.some((resource) => canAccess(permissions, resource, 'list'));
  if (!visible) return null;
  return (
    <>
      <Divider />
      {open ? (
        <ListSubheader component="div" disableSticky sx={{ lineHeight: 2.5, bgcolor: 'transparent' }}>
          {translate(title)}
        </ListSubheader>
      ) : null}
      {children}
    </>
  );
}

const CATALOGUES = ['lead-statuses', 'lead-sub-statuses', 'failure-reasons', 'lead-transitions'];
const PAYMENTS = ['sales', 'payments', 'subscriptions', 'arrears'];
const GROUP_INSURANCE = ['policies', 'employees', 'bulk-loads'];
const IDENTITY = ['users', 'invitations', 'roles', 'permissions', 'organizations', 'audit'];
const OPERATIONS = ['insurers', 'scheduler-jobs'];

/**
 * The sidebar: work first (dashboard, leads, kanban, agenda), then group insurance (a company
 * administrator's work), online sales and payments, the
 * catalogues and the people. Each
 * resource item hides itself when the user lacks its read permission (authProvider.canAccess).
 */
export function Menu() {
  const translate = useTranslate();
  const canReadLeads = canAccess(usePermissionList(), 'leads', 'list');
  return (
    <RaMenu>
      <RaMenu.DashboardItem />
      <RaMenu.ResourceItem name="leads" />
      {canReadLeads ? (
        <RaMenu.Item
          to="/leads/kanban"
          primaryText={translate('cubre.kanban.menu')}
          leftIcon={<ViewKanbanIcon />}
        />
      ) : null}
      <RaMenu.ResourceItem name="agenda" />
      <Group title="cubre.menu.groupInsurance" resources={GROUP_INSURANCE}>
        {GROUP_INSURANCE.map((name) => (
          <RaMenu.ResourceItem key={name} name={name} />
        ))}
      </Group>
      <Group title="cubre.menu.payments" resources={PAYMENTS}>
        {PAYMENTS.map((name) => (
          <RaMenu.ResourceItem key={name} name={name} />
        ))}
      </Group>
      <Group title="cubre.menu.mail" resources={['mail-outbox']}>
        <RaMenu.ResourceItem name="mail-outbox" />
      </Group>
      <Group title="cubre.menu.catalogues" resources={CATALOGUES}>
        {CATALOGUES.map((name) => (
          <RaMenu.ResourceItem key={name} name={name} />
        ))}
        <RaMenu.Item
          to={`/${REFERENCE_PATH}`}
          primaryText={translate('cubre.reference.menu')}
          leftIcon={<ListAltIcon />}
        />
      </Group>
      <Group title="cubre.menu.operations" resources={OPERATIONS}>
        {OPERATIONS.map((name) => (
          <RaMenu.ResourceItem key={name} name={name} />
        ))}
      </Group>
      <Group title="cubre.menu.identity" resources={IDENTITY}>
        {IDENTITY.map((name) => (
          <RaMenu.ResourceItem key={name} name={name} />
        ))}
      </Group>
    </RaMenu>
  );
}

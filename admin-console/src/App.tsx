import { lazy } from 'react';
import { BrowserRouter, Route } from 'react-router';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import EventIcon from '@mui/icons-material/Event';
import MailIcon from '@mui/icons-material/Mail';
import PaymentsIcon from '@mui/icons-material/Payments';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import ScheduleIcon from '@mui/icons-material/Schedule';
import BusinessIcon from '@mui/icons-material/Business';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import GroupsIcon from '@mui/icons-material/Groups';
import PolicyIcon from '@mui/icons-material/Policy';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { authProvider, CHANGE_PASSWORD_PATH } from './authProvider';
import { failureReasons } from './catalogues/failureReasons';
import { leadStatuses } from './catalogues/leadStatuses';
import { leadSubStatuses } from './catalogues/leadSubStatuses';
import { leadTransitions } from './catalogues/leadTransitions';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { theme } from './theme';
import { audit } from './identity/audit';
import { invitations } from './identity/invitations';
import { ChangePasswordPage } from './identity/ChangePasswordPage';
import { InvitationPage } from './identity/InvitationPage';
import { INVITATION_PATH } from './identity/invitationApi';
import { LoginPage } from './identity/LoginPage';
import { organizations } from './identity/organizations';
import { permissions } from './identity/permissions';
import { roles } from './identity/roles';
import { users } from './identity/users';
import { guardPages } from './guardPages';
import { Layout } from './layout/Layout';
import { AgendaList } from './leads/AgendaList';
import { LeadList } from './leads/LeadList';
import { MailList } from './mail/MailList';
import { PaymentList } from './payments/PaymentList';
import { SaleList } from './payments/SaleList';
import { jobRuns, schedulerJobs } from './scheduler';
import { insurers } from './insurers';
import { ArrearsList } from './arrears/ArrearsList';
import { SubscriptionList } from './subscriptions/SubscriptionList';
import { bulkLoads, employees, policies } from './groupInsurance';
import { ReferenceLists } from './reference/ReferenceLists';
import { REFERENCE_PATH } from './reference/path';
import { fullName } from './groupInsurance/Rut';
import type { EmployeeRecord, PolicyRecord } from './groupInsurance/types';
import type { Lead } from './types';

/** The heavy screens load when first opened: the lead page and the kanban (the list does not pay for them). */
const LeadShow = lazy(() => import('./leads/LeadShow'));
const LeadKanban = lazy(() => import('./leads/LeadKanban'));
const SaleShow = lazy(() => import('./payments/SaleShow'));
const PaymentShow = lazy(() => import('./payments/PaymentShow'));
const SubscriptionShow = lazy(() => import('./subscriptions/SubscriptionShow'));
const ArrearsShow = lazy(() => import('./arrears/ArrearsShow'));
const MailShow = lazy(() => import('./mail/MailShow'));

/** Served at /admin (services/src/adminConsole): the router's basename, so links and deep links agree. */
export const BASENAME = '/admin';

/**
 * Location changes apply at once, as in react-admin's own router (ra-core's reactRouterProvider sets
 * v7_startTransition: false): inside a transition, the sign-out redirect of a signed-out visitor to /login
 * kept being interrupted by the store and query resets that go with it, and the console looped for
 * seconds on a blank page before showing the login form.
 */
export function App() {
  return (
    <BrowserRouter basename={BASENAME} useTransitions={false}>
      <Admin
        disableTelemetry
        requireAuth
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={theme}
        layout={Layout}
        dashboard={Dashboard}
        loginPage={LoginPage}
        title="Cubre"
      >
        <Resource
          name="leads"
          {...guardPages({ list: LeadList, show: LeadShow })}
          icon={AssignmentIndIcon}
          recordRepresentation={(lead: Lead) => lead.contact?.nombre ?? lead.id}
        >
          <Route path="kanban" element={<LeadKanban />} />
        </Resource>
        <Resource name="agenda" {...guardPages({ list: AgendaList })} icon={EventIcon} />
        <Resource
          name="sales"
          {...guardPages({ list: SaleList, show: SaleShow })}
          icon={ShoppingCartIcon}
          recordRepresentation={(sale: SaleRecord) => `${sale.productName} · ${sale.buyer.nombre}`}
        />
        <Resource
          name="payments"
          {...guardPages({ list: PaymentList, show: PaymentShow })}
          icon={PaymentsIcon}
        />
        <Resource
          name="subscriptions"
          {...guardPages({ list: SubscriptionList, show: SubscriptionShow })}
          icon={AutorenewIcon}
        />
        <Resource
          name="arrears"
          {...guardPages({ list: ArrearsList, show: ArrearsShow })}
          icon={WarningAmberIcon}
        />
        <Resource
          name="policies"
          {...guardPages(policies)}
          icon={PolicyIcon}
          recordRepresentation={(policy: PolicyRecord) => `${policy.number} · ${policy.name}`}
        />
        <Resource
          name="employees"
          {...guardPages(employees)}
          icon={GroupsIcon}
          recordRepresentation={(person: EmployeeRecord) => fullName(person)}
        />
        <Resource
          name="bulk-loads"
          {...guardPages(bulkLoads)}
          icon={UploadFileIcon}
          recordRepresentation="fileName"
        />
        <Resource name="bulk-load-problems" />
        <Resource name="mail-outbox" {...guardPages({ list: MailList, show: MailShow })} icon={MailIcon} />
        <Resource name="lead-statuses" {...guardPages(leadStatuses)} />
        <Resource name="lead-sub-statuses" {...guardPages(leadSubStatuses)} />
        <Resource name="failure-reasons" {...guardPages(failureReasons)} />
        <Resource name="lead-transitions" {...guardPages(leadTransitions)} />
        <Resource name="users" {...guardPages(users)} />
        <Resource name="invitations" {...guardPages(invitations)} />
        <Resource name="roles" {...guardPages(roles)} />
        <Resource name="permissions" {...guardPages(permissions)} />
        <Resource name="organizations" {...guardPages(organizations)} />
        <Resource name="audit" {...guardPages(audit)} />
        <Resource
          name="scheduler-jobs"
          {...guardPages(schedulerJobs)}
          icon={ScheduleIcon}
          recordRepresentation="id"
        />
        <Resource name="job-runs" {...guardPages(jobRuns)} />
        <Resource
          name="insurers"
          {...guardPages(insurers)}
          icon={BusinessIcon}
          recordRepresentation="displayName"
        />
        <CustomRoutes>
          <Route path={REFERENCE_PATH} element={<ReferenceLists />} />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path={CHANGE_PASSWORD_PATH} element={<ChangePasswordPage />} />
          <Route path={INVITATION_PATH} element={<InvitationPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

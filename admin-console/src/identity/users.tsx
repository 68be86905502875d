import PeopleIcon from '@mui/icons-material/People';
import {
  Create,
  DataTable,
  Edit,
  List,
  PasswordInput,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextArrayField,
  TextInput,
  email,
  maxLength,
  minLength,
  required,
  useNotify,
  useRedirect,
  useTranslate,
  type RaRecord,
  type Validator,
} from 'react-admin';
import { Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { hasPermission } from '../access';
import { storedUser } from '../authProvider';
import { PESSIMISTIC } from '../catalogues/common';
import { usePermissionList } from '../usePermissionList';
import { missingPasswordParts } from './passwordRules';
import { DateTimeField } from '../DateTimeField';
import type { UserRecord } from '@cubre/schemas/identity/requests';

const STATUS_CHOICES = [
  { id: 'Activo', name: 'cubre.users.status.Activo' },
  { id: 'Inactivo', name: 'cubre.users.status.Inactivo' },
];

/** Rule 002-8.01 before sending; an empty value passes (required() says when one is needed). */
const passwordForm: Validator = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return undefined;
  const missing = missingPasswordParts(value);
  return missing.length ? { message: 'cubre.password.invalid_form', args: {} } : undefined;
};

/** A user may see organizations and roles only with their read permissions; the inputs follow. */
function useIdentityReads() {
  const permissions = usePermissionList();
  return {
    roles: hasPermission(permissions, 'role:read'),
    organizations: hasPermission(permissions, 'admin:organization:read'),
  };
}

function UserInputs({ create = false }: { create?: boolean }) {
  const reads = useIdentityReads();
  const translate = useTranslate();
  // A company's new user is invited by e-mail and chooses their own password, whether their company's
  // administrator (issue 15) or staff (issue 14) create them; staff's own colleagues get a temporary one.
  const organizationId = useWatch({ name: 'organizationId' }) as string | null | undefined;
  const invitesByMail = create && Boolean(storedUser()?.organizationId || organizationId);
  return (
    <>
      <TextInput source="email" type="email" validate={[required(), email()]} disabled={!create} />
      <TextInput source="name" validate={[required(), minLength(2), maxLength(120)]} />
      {reads.roles ? (
        <ReferenceArrayInput
          source="roles"
          reference="roles"
          perPage={1000}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <SelectArrayInput optionText="name" validate={required()} />
        </ReferenceArrayInput>
      ) : null}
      {reads.organizations ? (
        <ReferenceInput
          source="organizationId"
          reference="organizations"
          perPage={1000}
          sort={{ field: 'name', order: 'ASC' }}
        >
          <SelectInput
            optionText="name"
            emptyText="cubre.users.no_organization"
            parse={(value: string) => value || null}
          />
        </ReferenceInput>
      ) : null}
      {create ? null : <SelectInput source="status" choices={STATUS_CHOICES} validate={required()} />}
      {invitesByMail ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {translate('cubre.users.invitation_by_mail')}
        </Typography>
      ) : (
        <PasswordInput
          source="password"
          label={create ? 'cubre.users.password' : 'cubre.users.new_password'}
          helperText="cubre.users.password_help"
          autoComplete="new-password"
          validate={create ? [required(), passwordForm] : [passwordForm]}
        />
      )}
      {create ? null : (
        <TextInput source="reason" label="cubre.users.reason" multiline validate={maxLength(500)} />
      )}
    </>
  );
}

export function UserList() {
  const translate = useTranslate();
  const reads = useIdentityReads();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
    ...(reads.roles
      ? [
          <ReferenceInput
            key="role"
            source="role"
            reference="roles"
            perPage={1000}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput optionText="name" label="resources.users.fields.roles" />
          </ReferenceInput>,
        ]
      : []),
    ...(reads.organizations
      ? [
          <ReferenceInput
            key="organizationId"
            source="organizationId"
            reference="organizations"
            perPage={1000}
            sort={{ field: 'name', order: 'ASC' }}
          >
            <SelectInput optionText="name" label="resources.users.fields.organizationId" />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <DataTable<UserRecord> rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="roles" disableSort>
          <TextArrayField source="roles" />
        </DataTable.Col>
        <DataTable.Col source="organizationId" disableSort>
          {reads.organizations ? (
            <ReferenceField source="organizationId" reference="organizations" link={false} emptyText="—" />
          ) : undefined}
        </DataTable.Col>
        <DataTable.Col
          source="status"
          render={(user) => translate(`cubre.users.status.${user.status}`, { _: user.status })}
        />
        <DataTable.Col source="createdAt">
          <DateTimeField source="createdAt" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The form sends the record back; a new password only when typed (empty: unchanged). */
const withoutEmptyPassword = (data: Record<string, unknown>) => {
  const { password, reason, ...rest } = data;
  return {
    ...rest,
    ...(typeof password === 'string' && password !== '' ? { password } : {}),
    ...(typeof reason === 'string' && reason.trim() !== '' ? { reason: reason.trim() } : {}),
  };
};

export const UserEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list" transform={withoutEmptyPassword}>
    <SimpleForm>
      <UserInputs />
    </SimpleForm>
  </Edit>
);

/**
 * What a company administrator's creation answers, whether or not the address was free (issue 13): the
 * console says so in the same words for both, as the server answers the same for both.
 */
const INVITATION_SENT = 'Invitación enviada';

/** A company's user is invited by mail: a password typed before the company was chosen is not sent. */
const withoutPasswordWhenInvited = (data: Record<string, unknown>) => {
  const { password, ...rest } = data;
  return data.organizationId ? rest : { ...rest, password };
};

export function UserCreate() {
  const notify = useNotify();
  const redirect = useRedirect();
  const onSuccess = (record: RaRecord) => {
    if (record.status === INVITATION_SENT) {
      notify('cubre.users.invitation_sent', { type: 'info', messageArgs: { email: record.email } });
      // The invitee is among their users once they accept: until then the invitation is where it shows.
      redirect('list', 'invitations');
      return;
    }
    if (record.organizationId) {
      // Staff's company user: created and in the list at once, their password chosen through the mail.
      notify('cubre.users.invited_by_staff', { type: 'info', messageArgs: { email: record.email } });
      redirect('list', 'users');
      return;
    }
    notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
    redirect('list', 'users');
  };
  return (
    <Create mutationOptions={{ onSuccess }} transform={withoutPasswordWhenInvited}>
      <SimpleForm defaultValues={{ roles: [], organizationId: null }}>
        <UserInputs create />
      </SimpleForm>
    </Create>
  );
}

export const users = {
  list: UserList,
  edit: UserEdit,
  create: UserCreate,
  icon: PeopleIcon,
  recordRepresentation: 'name',
};

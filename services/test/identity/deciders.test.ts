import { DEFAULT_ROLE_PERMISSIONS } from '@cubre/schemas';
import { CommandRejected } from '@cubre/platform/core/decider';
import { organizationDecider } from '@cubre/services/identity/organizationDecider';
import { roleDecider } from '@cubre/services/identity/roleDecider';
import { userDecider, type UserDomainEvent } from '@cubre/services/identity/userDecider';
import { userEmailDecider } from '@cubre/services/identity/userEmailDecider';
import { DeciderSpecification } from '../support/deciderSpecification';

const USER = '6f1c0a52-3b7e-5d2a-9c4e-1a2b3c4d5e6f';
const OTHER = '7a2d1b63-4c8f-5e3b-8d5f-2b3c4d5e6f70';
const HASH = 'scrypt$1024$8$1$c2FsdA$aGFzaA';
const NEW_HASH = 'scrypt$1024$8$1$c2FsdDI$aGFzaDI';

const registered: UserDomainEvent = {
  type: 'UserRegistered',
  data: {
    userId: USER,
    email: 'ana@prueba.cl',
    name: 'Ana Prueba',
    roles: ['EJECUTIVO'],
    organizationId: null,
    passwordHash: HASH,
    mustChangePassword: true,
  },
};

const rejected = (rule: string, status?: number) => (error: unknown) => {
  expect(error).toBeInstanceOf(CommandRejected);
  expect((error as CommandRejected).rule).toBe(rule);
  if (status) expect((error as CommandRejected).status).toBe(status);
};

describe('userDecider', () => {
  const spec = DeciderSpecification.for(userDecider);

  const TOKEN_HASH = 'a'.repeat(64);
  const issued = (sequence: number, expiresAt = '2026-12-03T12:00:00.000Z') => ({
    type: 'UserInvitationIssued' as const,
    data: {
      userId: USER,
      organizationId: 'constructora-andes',
      sequence,
      tokenHash: sequence === 1 ? TOKEN_HASH : 'b'.repeat(64),
      expiresAt,
      invitedBy: OTHER,
    },
  });
  const accept = (at: string, tokenHash = TOKEN_HASH) => ({
    type: 'AcceptInvitation' as const,
    data: { userId: USER, tokenHash, passwordHash: NEW_HASH, at },
  });
  const chosen: UserDomainEvent = {
    type: 'UserPasswordChanged',
    data: { userId: USER, passwordHash: NEW_HASH, mustChangePassword: false },
  };

  test('given a user, when an invitation link is issued, then UserInvitationIssued; the same sequence again records nothing', () => {
    spec
      .given([registered])
      .when({ type: 'IssueInvitation', data: issued(1).data })
      .then([issued(1)]);
    spec
      .given([registered, issued(1)])
      .when({ type: 'IssueInvitation', data: issued(1).data })
      .thenNothingHappens();
  });

  test('002-5.05 given a live link, when accepted with its token before it expires, then the chosen password (not temporary)', () => {
    spec
      .given([registered, issued(1)])
      .when(accept('2026-12-03T11:59:59.000Z'))
      .then([chosen]);
  });

  test('given a link, when accepted with another token, after it expired, once used or superseded, then refused by rule', () => {
    spec
      .given([registered, issued(1)])
      .when(accept('2026-11-27T00:00:00.000Z', 'c'.repeat(64)))
      .thenThrows(rejected('INVITATION_INVALID', 409));
    spec
      .given([registered, issued(1)])
      .when(accept('2026-12-03T12:00:00.000Z'))
      .thenThrows(rejected('INVITATION_EXPIRED', 409));
    spec
      .given([registered, issued(1), chosen])
      .when(accept('2026-11-27T00:00:00.000Z'))
      .thenThrows(rejected('INVITATION_USED', 409));
    spec
      .given([registered, issued(1), issued(2, '2026-12-10T12:00:00.000Z')])
      .when(accept('2026-11-27T00:00:00.000Z'))
      .thenThrows(rejected('INVITATION_INVALID', 409));
    spec
      .given([registered])
      .when(accept('2026-11-27T00:00:00.000Z'))
      .thenThrows(rejected('INVITATION_INVALID', 409));
  });

  test('given no user, when registered, then UserRegistered', () => {
    spec.given([]).when({ type: 'RegisterUser', data: registered.data }).then([registered]);
  });

  test('given a user, when the same registration comes again (a seed at every start), then nothing', () => {
    spec.given([registered]).when({ type: 'RegisterUser', data: registered.data }).thenNothingHappens();
  });

  test('given a user, when another address is registered on its stream, then USER_ALREADY_EXISTS', () => {
    spec
      .given([registered])
      .when({ type: 'RegisterUser', data: { ...registered.data, email: 'otra@prueba.cl' } })
      .thenThrows(rejected('USER_ALREADY_EXISTS', 409));
  });

  test('given no user, when a company administrator without organization is registered, then refused', () => {
    spec
      .given([])
      .when({ type: 'RegisterUser', data: { ...registered.data, roles: ['ADMIN_EMPRESA_CLIENTE'] } })
      .thenThrows(rejected('required'));
  });

  test('002-8.05 given no user, when updated, then USER_NOT_FOUND', () => {
    spec
      .given([])
      .when({ type: 'UpdateUser', data: { userId: USER, changes: { name: 'X' }, reason: null } })
      .thenThrows(rejected('USER_NOT_FOUND'));
  });

  test('002-3.12 given an active user, when set Inactivo with an unchanged name, then only the status changes', () => {
    spec
      .given([registered])
      .when({
        type: 'UpdateUser',
        data: {
          userId: USER,
          changes: { name: 'Ana Prueba', status: 'Inactivo' },
          reason: 'dejó la empresa',
        },
      })
      .then([
        {
          type: 'UserUpdated',
          data: { userId: USER, changes: { status: 'Inactivo' }, reason: 'dejó la empresa' },
        },
      ]);
  });

  test('given a user, when the same roles come in another order, then nothing', () => {
    const twoRoles: UserDomainEvent = {
      ...registered,
      data: { ...registered.data, roles: ['EJECUTIVO', 'BACKOFFICE'] },
    } as UserDomainEvent;
    spec
      .given([twoRoles])
      .when({
        type: 'UpdateUser',
        data: { userId: USER, changes: { roles: ['BACKOFFICE', 'EJECUTIVO'] }, reason: null },
      })
      .thenNothingHappens();
  });

  test('given a user, when an administrator sets a password with a change, then both are recorded and the password is temporary', () => {
    spec
      .given([registered])
      .when({
        type: 'UpdateUser',
        data: { userId: USER, changes: { name: 'Ana Nueva' }, reason: null },
        newPasswordHash: NEW_HASH,
      })
      .then([
        { type: 'UserUpdated', data: { userId: USER, changes: { name: 'Ana Nueva' }, reason: null } },
        {
          type: 'UserPasswordChanged',
          data: { userId: USER, passwordHash: NEW_HASH, mustChangePassword: true },
        },
      ]);
  });

  test('given a staff user, when given a company role without an organization, then refused', () => {
    spec
      .given([registered])
      .when({
        type: 'UpdateUser',
        data: { userId: USER, changes: { roles: ['ADMIN_EMPRESA_GRUPO'] }, reason: null },
      })
      .thenThrows(rejected('required'));
  });

  test('002-8.02 the state keeps the last 4 hashes, newest first', () => {
    const changes = ['h1', 'h2', 'h3', 'h4'].map((name): UserDomainEvent => ({
      type: 'UserPasswordChanged',
      data: { userId: USER, passwordHash: `scrypt$1024$8$1$${name}$${name}`, mustChangePassword: false },
    }));
    const state = [registered, ...changes].reduce(userDecider.evolve, userDecider.initialState());
    expect(state.status === 'Registered' && state.passwordHistory).toEqual(
      ['h4', 'h3', 'h2', 'h1'].map((name) => `scrypt$1024$8$1$${name}$${name}`),
    );
  });
});

describe('roleDecider', () => {
  const spec = DeciderSpecification.for(roleDecider);
  const set = (permissions: string[]) => ({
    type: 'SetRolePermissions' as const,
    data: { role: 'EJECUTIVO' as const, name: 'Ejecutivo', permissions: permissions as never[] },
  });

  test('given no mapping, when set, then RolePermissionsSet with the permissions sorted and once each', () => {
    spec
      .given([])
      .when(set(['lead:read', 'lead:note', 'lead:read']))
      .then([
        {
          type: 'RolePermissionsSet',
          data: { role: 'EJECUTIVO', name: 'Ejecutivo', permissions: ['lead:note', 'lead:read'] },
        },
      ]);
  });

  test('given a mapping, when the seed sets the default again (onlyIfNew), then nothing: edits are kept', () => {
    spec
      .given([{ type: 'RolePermissionsSet', data: set(['lead:read']).data }])
      .when({ ...set(DEFAULT_ROLE_PERMISSIONS.EJECUTIVO), onlyIfNew: true })
      .thenNothingHappens();
  });

  test('given a mapping, when the same permissions come in another order, then nothing', () => {
    spec
      .given([{ type: 'RolePermissionsSet', data: set(['lead:note', 'lead:read']).data }])
      .when(set(['lead:read', 'lead:note']))
      .thenNothingHappens();
  });

  test('002-8.05 given ADMIN, when role:update would be removed, then NOT_EDITABLE (409)', () => {
    spec
      .given([
        {
          type: 'RolePermissionsSet',
          data: { role: 'ADMIN', name: 'Administrador', permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN },
        },
      ])
      .when({
        type: 'SetRolePermissions',
        data: {
          role: 'ADMIN',
          name: 'Administrador',
          permissions: DEFAULT_ROLE_PERMISSIONS.ADMIN.filter((permission) => permission !== 'role:update'),
        },
      })
      .thenThrows(rejected('NOT_EDITABLE', 409));
  });

  test('given ADMINISTRADOR, when role:update is removed, then it is recorded (only ADMIN is kept editable)', () => {
    spec
      .given([])
      .when({
        type: 'SetRolePermissions',
        data: { role: 'ADMINISTRADOR', name: 'Administrador', permissions: ['user:read'] },
      })
      .then([
        {
          type: 'RolePermissionsSet',
          data: { role: 'ADMINISTRADOR', name: 'Administrador', permissions: ['user:read'] },
        },
      ]);
  });
});

describe('organizationDecider', () => {
  const spec = DeciderSpecification.for(organizationDecider);
  const data = { organizationId: 'minera', name: 'Minera SpA', rut: '96.512.190-5' };

  test('given none, when registered, then OrganizationRegistered; again with the same data, nothing', () => {
    spec
      .given([])
      .when({ type: 'RegisterOrganization', data })
      .then([{ type: 'OrganizationRegistered', data }]);
    spec
      .given([{ type: 'OrganizationRegistered', data }])
      .when({ type: 'RegisterOrganization', data })
      .thenNothingHappens();
  });

  test('given one, when registered with other data, then 409', () => {
    spec
      .given([{ type: 'OrganizationRegistered', data }])
      .when({ type: 'RegisterOrganization', data: { ...data, name: 'Otra SpA' } })
      .thenThrows(rejected('ORGANIZATION_EXISTS', 409));
  });

  test('given one, when updated, then only what changed; a null RUT clears it', () => {
    spec
      .given([{ type: 'OrganizationRegistered', data }])
      .when({
        type: 'UpdateOrganization',
        data: { organizationId: 'minera', changes: { name: 'Minera SpA', rut: null } },
      })
      .then([{ type: 'OrganizationUpdated', data: { organizationId: 'minera', changes: { rut: null } } }]);
  });

  test('002-8.05 given none, when updated, then NOT_FOUND', () => {
    spec
      .given([])
      .when({ type: 'UpdateOrganization', data: { organizationId: 'minera', changes: { name: 'X SpA' } } })
      .thenThrows(rejected('NOT_FOUND'));
  });
});

describe('userEmailDecider: one address, one user', () => {
  const spec = DeciderSpecification.for(userEmailDecider);
  const claim = { email: 'ana@prueba.cl', userId: USER };

  test('given a free address, when claimed, then UserEmailClaimed; by the same user again, nothing', () => {
    spec
      .given([])
      .when({ type: 'ClaimUserEmail', data: claim })
      .then([{ type: 'UserEmailClaimed', data: claim }]);
    spec
      .given([{ type: 'UserEmailClaimed', data: claim }])
      .when({ type: 'ClaimUserEmail', data: claim })
      .thenNothingHappens();
  });

  test('002-8.05 given a claimed address, when another user claims it, then USER_ALREADY_EXISTS (409)', () => {
    spec
      .given([{ type: 'UserEmailClaimed', data: claim }])
      .when({ type: 'ClaimUserEmail', data: { ...claim, userId: OTHER } })
      .thenThrows(rejected('USER_ALREADY_EXISTS', 409));
  });

  test('given an abandoned claim, when another user replaces exactly that claim, then it is theirs', () => {
    spec
      .given([{ type: 'UserEmailClaimed', data: claim }])
      .when({ type: 'ClaimUserEmail', data: { ...claim, userId: OTHER }, replacing: USER })
      .then([{ type: 'UserEmailClaimed', data: { ...claim, userId: OTHER } }]);
  });
});

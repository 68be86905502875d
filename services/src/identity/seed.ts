import {
  DEFAULT_ROLE_PERMISSIONS,
  ROLE_CODES,
  ROLE_NAMES,
  type CommandMetadata,
  type RoleCode,
} from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import { derivedId } from '../platform/commands/eventIds';
import { handleCommand } from '../platform/commands/commandHandler';
import type { AppContext } from '../platform/http/app';
import { OrganizationDomainEvent, organizationDecider, organizationStream } from './organizationDecider';
import { hashPassword } from './password';
import { RoleDomainEvent, roleDecider, roleStream } from './roleDecider';
import { UserDomainEvent, userDecider, userStream } from './userDecider';

/** The password of every demo user (README.md lists them). */
export const DEMO_PASSWORD = 'Demo.2026!';

export const DEMO_ORGANIZATIONS = [
  { organizationId: 'constructora-andes', name: 'Constructora Andes SpA', rut: '76.086.428-5' },
  { organizationId: 'transportes-sur', name: 'Transportes del Sur Ltda.', rut: '77.215.030-2' },
] as const;

/** One demo user per main role (issue 5), plus a second executive and a second company's administrator. */
export const DEMO_USERS: { email: string; name: string; roles: RoleCode[]; organizationId: string | null }[] =
  [
    { email: 'admin@demo.cl', name: 'Andrea Administradora', roles: ['ADMIN'], organizationId: null },
    { email: 'supervisor@demo.cl', name: 'Sergio Supervisor', roles: ['SUPERVISOR'], organizationId: null },
    { email: 'ejecutivo@demo.cl', name: 'Elena Ejecutiva', roles: ['EJECUTIVO'], organizationId: null },
    { email: 'ejecutivo2@demo.cl', name: 'Esteban Ejecutivo', roles: ['EJECUTIVO'], organizationId: null },
    { email: 'backoffice@demo.cl', name: 'Bruno Backoffice', roles: ['BACKOFFICE'], organizationId: null },
    {
      email: 'empresa@demo.cl',
      name: 'Emilia Empresa',
      roles: ['ADMIN_EMPRESA_CLIENTE'],
      organizationId: 'constructora-andes',
    },
    {
      email: 'empresa2@demo.cl',
      name: 'Tomás Transportes',
      roles: ['ADMIN_EMPRESA_CLIENTE'],
      organizationId: 'transportes-sur',
    },
  ];

/** The id of a seeded user: derived from the e-mail, so every start lands on the same stream. */
export const seededUserId = (email: string) => derivedId('user', email.toLowerCase());

const seedMetadata = (name: string, at: Date): CommandMetadata => ({
  commandId: `seed:${name}`,
  correlationId: `seed:${name}`,
  causationId: null,
  actor: { kind: 'system', id: 'seed' },
  receivedAt: at.toISOString(),
});

/**
 * Every role gets the default permission mapping the first time the runtime starts (later edits in the
 * console are kept: the seed sets a role only while nobody has). With demo users on, the demo companies and
 * users are registered too. Idempotent: a second start records nothing.
 */
export async function seedIdentity(context: AppContext): Promise<void> {
  const now = context.clock();
  let lastPosition = 0;
  let lastStream = '';
  const note = (position: number, stream: string) => {
    if (position > lastPosition) [lastPosition, lastStream] = [position, stream];
  };
  for (const role of ROLE_CODES) {
    const stream = roleStream(role);
    const result = await handleCommand(
      context.eventStore,
      { decider: roleDecider, eventSchema: RoleDomainEvent },
      stream,
      {
        type: 'SetRolePermissions',
        data: { role, name: ROLE_NAMES[role], permissions: DEFAULT_ROLE_PERMISSIONS[role] },
        onlyIfNew: true,
      },
      seedMetadata(`role:${role}`, now),
    );
    note(result.globalPosition, stream);
  }
  if (context.config.identity.demoUsers) {
    for (const organization of DEMO_ORGANIZATIONS) {
      const stream = organizationStream(organization.organizationId);
      const result = await handleCommand(
        context.eventStore,
        { decider: organizationDecider, eventSchema: OrganizationDomainEvent },
        stream,
        { type: 'RegisterOrganization', data: { ...organization } },
        seedMetadata(`organization:${organization.organizationId}`, now),
      );
      note(result.globalPosition, stream);
    }
    // One hash for all demo users: the password is public anyway, and each hash costs tens of ms.
    let passwordHash: string | undefined;
    for (const demo of DEMO_USERS) {
      const userId = seededUserId(demo.email);
      const stream = userStream(userId);
      const existing = await context.eventStore.readStream(stream);
      if (existing.length > 0) continue;
      passwordHash ??= await hashPassword(DEMO_PASSWORD, context.config.identity.scryptN);
      const result = await handleCommand(
        context.eventStore,
        { decider: userDecider, eventSchema: UserDomainEvent },
        stream,
        {
          type: 'RegisterUser',
          data: { userId, ...demo, passwordHash, mustChangePassword: false },
        },
        seedMetadata(`user:${demo.email}`, now),
      );
      note(result.globalPosition, stream);
    }
  }
  if (lastPosition > 0) {
    await context.visibility.waitUntilVisible({ globalPosition: lastPosition, streamId: lastStream }, [
      IDENTITY_PROJECTION,
    ]);
  }
}

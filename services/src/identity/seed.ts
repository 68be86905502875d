import {
  DEFAULT_ROLE_PERMISSIONS,
  ROLE_CODES,
  ROLE_NAMES,
  type CommandMetadata,
  type RoleCode,
} from '@cubre/schemas';
import { IDENTITY_PROJECTION } from '@cubre/projections/identity/projection';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { CommandRejected } from '@cubre/platform/core/decider';
import type { IdentityContext } from './settings';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { OrganizationDomainEvent, organizationDecider, organizationStream } from './organizationDecider';
import { hashPassword } from './password';
import { registerUser, userEmailAggregate } from './registration';
import { RoleDomainEvent, roleDecider, roleStream } from './roleDecider';
import { userStream } from './userDecider';
import { userEmailStream } from './userEmailStream';

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

export const seedMetadata = (name: string, at: Date): CommandMetadata => ({
  commandId: `seed:${name}`,
  correlationId: `seed:${name}`,
  causationId: null,
  actor: { kind: 'system', id: 'seed' },
  receivedAt: at.toISOString(),
});

/** The last write of a seeding, to wait for before serving: position 0 when nothing was written. */
export interface Written {
  globalPosition: number;
  streamId: string;
}

const later = (a: Written, b: Written) => (b.globalPosition > a.globalPosition ? b : a);
const NOTHING: Written = { globalPosition: 0, streamId: '' };

/**
 * Every role gets the default permission mapping of DEFAULT_ROLE_PERMISSIONS the first time (later edits
 * in the console are kept: the seed sets a role only while nobody has).
 */
export async function seedRoles(store: EventStore, now: Date): Promise<Written> {
  let last = NOTHING;
  for (const role of ROLE_CODES) {
    const streamId = roleStream(role);
    const result = await handleCommand(
      store,
      { decider: roleDecider, eventSchema: RoleDomainEvent },
      streamId,
      {
        type: 'SetRolePermissions',
        data: { role, name: ROLE_NAMES[role], permissions: DEFAULT_ROLE_PERMISSIONS[role] },
        onlyIfNew: true,
      },
      seedMetadata(`role:${role}`, now),
    );
    last = later(last, { globalPosition: result.globalPosition, streamId });
  }
  return last;
}

/** A demo user whose address somebody else already has (admin:create, say) is left out, with a warning. */
const takenBySomeoneElse = (error: unknown) =>
  error instanceof CommandRejected && error.rule === 'USER_ALREADY_EXISTS';

async function seedDemo(context: IdentityContext, now: Date): Promise<Written> {
  const store = context.eventStore;
  let last = NOTHING;
  for (const organization of DEMO_ORGANIZATIONS) {
    const streamId = organizationStream(organization.organizationId);
    const result = await handleCommand(
      store,
      { decider: organizationDecider, eventSchema: OrganizationDomainEvent },
      streamId,
      { type: 'RegisterOrganization', data: { ...organization } },
      seedMetadata(`organization:${organization.organizationId}`, now),
    );
    last = later(last, { globalPosition: result.globalPosition, streamId });
  }
  // One hash for all demo users: the password is public anyway, and each hash costs tens of ms.
  let passwordHash: string | undefined;
  for (const demo of DEMO_USERS) {
    const userId = seededUserId(demo.email);
    const streamId = userStream(userId);
    const metadata = seedMetadata(`user:${demo.email}`, now);
    try {
      if ((await store.readStream(streamId)).length > 0) {
        // Registered before addresses were claimed: claim it now (a no-op once claimed).
        await handleCommand(
          store,
          userEmailAggregate,
          userEmailStream(demo.email),
          { type: 'ClaimUserEmail', data: { email: demo.email, userId } },
          { ...metadata, commandId: `${metadata.commandId}:email` },
        );
        continue;
      }
      passwordHash ??= await hashPassword(DEMO_PASSWORD, context.identity.scryptN);
      const { result } = await registerUser(
        store,
        { ...demo, password: DEMO_PASSWORD, mustChangePassword: false },
        metadata,
        { scryptN: context.identity.scryptN, userId, passwordHash },
      );
      last = later(last, { globalPosition: result.globalPosition, streamId });
    } catch (error) {
      if (!takenBySomeoneElse(error)) throw error;
      context.logger.warn({ userId }, 'demo user left out: another user has its e-mail address');
    }
  }
  return last;
}

/**
 * Seeds the roles' default mapping and, with demo users on (DEMO_USERS, off in production), the demo
 * companies and users. Idempotent: a second start records nothing.
 */
export async function seedIdentity(context: IdentityContext): Promise<void> {
  const now = context.clock();
  let last = await seedRoles(context.eventStore, now);
  if (context.identity.demoUsers) last = later(last, await seedDemo(context, now));
  if (last.globalPosition > 0) {
    await context.visibility.waitUntilVisible(last, [IDENTITY_PROJECTION]);
  }
}

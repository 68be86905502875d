import {
  ORGANIZATION_CATEGORY,
  ORGANIZATIONS_COLLECTION,
  ROLE_CATEGORY,
  ROLES_COLLECTION,
  USER_CATEGORY,
  USERS_COLLECTION,
  type OrganizationDocument,
  type RoleDocument,
  type UserDocument,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/services/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '../runner/projection';

export const IDENTITY_PROJECTION = 'identity';

const idOf = (event: ProjectionEvent, category: string) => event.streamId.slice(category.length + 1);
const guard = (event: ProjectionEvent) => ({ revision: { $lt: event.revision } });

async function applyUserEvent(store: ReadStore, event: ProjectionEvent) {
  const users = store.collection<UserDocument>(USERS_COLLECTION);
  const userId = idOf(event, USER_CATEGORY);
  const data = event.data as Record<string, unknown>;
  const base = { updatedAt: event.occurredAt, revision: event.revision };
  switch (event.type) {
    case 'UserRegistered':
      await users.guardedUpdate(
        userId,
        guard(event),
        {
          $set: {
            ...base,
            email: data.email,
            name: data.name,
            roles: data.roles,
            organizationId: data.organizationId,
            status: 'Activo',
            mustChangePassword: data.mustChangePassword,
            passwordChangedAt: event.occurredAt,
            createdAt: event.occurredAt,
          },
        },
        { upsert: true },
      );
      return;
    case 'UserPasswordChanged':
      await users.guardedUpdate(userId, guard(event), {
        $set: { ...base, mustChangePassword: data.mustChangePassword, passwordChangedAt: event.occurredAt },
      });
      return;
    case 'UserUpdated': {
      const changes = Object.fromEntries(
        Object.entries((data.changes ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined),
      );
      await users.guardedUpdate(userId, guard(event), { $set: { ...base, ...changes } });
      return;
    }
    default:
      await users.guardedUpdate(userId, guard(event), { $set: base });
  }
}

/**
 * Users (without password hashes), roles with their permissions, and organizations: what the guard reads
 * on every admin request and what the console lists.
 */
export const identityProjection: Projection = {
  name: IDENTITY_PROJECTION,
  categories: [USER_CATEGORY, ROLE_CATEGORY, ORGANIZATION_CATEGORY],
  collections: [USERS_COLLECTION, ROLES_COLLECTION, ORGANIZATIONS_COLLECTION],
  async setup(store) {
    const users = store.collection<UserDocument>(USERS_COLLECTION);
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ organizationId: 1 });
    await store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION).createIndex({ name: 1 });
  },
  async apply(event, store) {
    if (event.streamId.startsWith(`${USER_CATEGORY}-`)) return applyUserEvent(store, event);
    const data = event.data as Record<string, unknown>;
    if (event.type === 'RolePermissionsSet') {
      await store.collection<RoleDocument>(ROLES_COLLECTION).guardedUpdate(
        idOf(event, ROLE_CATEGORY),
        guard(event),
        {
          $set: {
            name: data.name,
            permissions: data.permissions,
            updatedAt: event.occurredAt,
            revision: event.revision,
          },
        },
        { upsert: true },
      );
      return;
    }
    const organizations = store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);
    const organizationId = idOf(event, ORGANIZATION_CATEGORY);
    if (event.type === 'OrganizationRegistered') {
      await organizations.guardedUpdate(
        organizationId,
        guard(event),
        {
          $set: {
            name: data.name,
            rut: data.rut,
            createdAt: event.occurredAt,
            updatedAt: event.occurredAt,
            revision: event.revision,
          },
        },
        { upsert: true },
      );
    } else if (event.type === 'OrganizationUpdated') {
      const changes = Object.fromEntries(
        Object.entries((data.changes ?? {}) as Record<string, unknown>).filter(([, v]) => v !== undefined),
      );
      await organizations.guardedUpdate(organizationId, guard(event), {
        $set: { ...changes, updatedAt: event.occurredAt, revision: event.revision },
      });
    }
  },
};

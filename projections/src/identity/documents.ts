import { searchKeyOf, type OrganizationDocument, type RoleDocument, type UserDocument } from '@cubre/schemas';

/** What a change to a read-model document needs of an event. */
export interface DocumentEvent {
  type: string;
  occurredAt: string;
  revision: number;
  data: Record<string, unknown>;
}

const definedOf = (changes: unknown) =>
  Object.fromEntries(
    Object.entries((changes ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined),
  );

/**
 * The fields of a `users` document an event sets: the projection `$set`s them, and a route folds them over
 * a user's own events when the read model has not caught up yet (the same answer either way). Never the
 * password hash.
 */
export function userFieldsOf(event: DocumentEvent): Record<string, unknown> {
  const { data } = event;
  const base = { updatedAt: event.occurredAt, revision: event.revision };
  switch (event.type) {
    case 'UserRegistered':
      return {
        ...base,
        email: data.email,
        name: data.name,
        nameKey: searchKeyOf(String(data.name)),
        roles: data.roles,
        organizationId: data.organizationId,
        status: 'Activo',
        mustChangePassword: data.mustChangePassword,
        pendingInvitation: typeof data.invitedBy === 'string',
        passwordChangedAt: event.occurredAt,
        createdAt: event.occurredAt,
      };
    case 'UserPasswordChanged':
      return {
        ...base,
        mustChangePassword: data.mustChangePassword,
        passwordChangedAt: event.occurredAt,
        // A password of their own accepts an invitation; one an administrator set accepts nothing.
        ...(data.mustChangePassword === false ? { pendingInvitation: false } : {}),
      };
    case 'UserUpdated': {
      const changes = definedOf(data.changes);
      return {
        ...base,
        ...changes,
        ...(typeof changes.name === 'string' ? { nameKey: searchKeyOf(changes.name) } : {}),
      };
    }
    default:
      return base;
  }
}

export function organizationFieldsOf(event: DocumentEvent): Record<string, unknown> {
  const base = { updatedAt: event.occurredAt, revision: event.revision };
  switch (event.type) {
    case 'OrganizationRegistered':
      return {
        ...base,
        name: event.data.name,
        nameKey: searchKeyOf(String(event.data.name)),
        rut: event.data.rut,
        createdAt: event.occurredAt,
      };
    case 'OrganizationUpdated': {
      const changes = definedOf(event.data.changes);
      return {
        ...base,
        ...changes,
        ...(typeof changes.name === 'string' ? { nameKey: searchKeyOf(changes.name) } : {}),
      };
    }
    default:
      return base;
  }
}

export function roleFieldsOf(event: DocumentEvent): Record<string, unknown> {
  const base = { updatedAt: event.occurredAt, revision: event.revision };
  if (event.type !== 'RolePermissionsSet') return base;
  return { ...base, name: event.data.name, permissions: event.data.permissions };
}

/** A document from its record's own events (first one creating it), or null for an empty stream. */
function fold<T>(id: string, events: DocumentEvent[], first: string, fieldsOf: (e: DocumentEvent) => object) {
  if (events[0]?.type !== first) return null;
  return events.reduce((doc, event) => ({ ...doc, ...fieldsOf(event) }), { _id: id } as object) as T;
}

export const foldUserDocument = (userId: string, events: DocumentEvent[]) =>
  fold<UserDocument>(userId, events, 'UserRegistered', userFieldsOf);

export const foldOrganizationDocument = (organizationId: string, events: DocumentEvent[]) =>
  fold<OrganizationDocument>(organizationId, events, 'OrganizationRegistered', organizationFieldsOf);

export const foldRoleDocument = (role: string, events: DocumentEvent[]) =>
  fold<RoleDocument>(role, events, 'RolePermissionsSet', roleFieldsOf);

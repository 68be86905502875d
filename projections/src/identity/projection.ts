import {
  AUDIT_COLLECTION,
  INVITATIONS_COLLECTION,
  ORGANIZATION_CATEGORY,
  ORGANIZATIONS_COLLECTION,
  ROLE_CATEGORY,
  ROLES_COLLECTION,
  USER_CATEGORY,
  USER_EMAIL_CATEGORY,
  USERS_COLLECTION,
  categoryOf,
  type OrganizationDocument,
  type RoleDocument,
  type UserDocument,
} from '@cubre/schemas';
import type { ReadStore } from '@cubre/platform/ports/readStore';
import type { Projection, ProjectionEvent } from '@cubre/platform/projections/projection';
import { AUDITED_CATEGORIES, PARTLY_AUDITED, applyAudit, setupAudit } from './audit';
import { organizationFieldsOf, roleFieldsOf, userFieldsOf } from './documents';
import { applyInvitation, setupInvitations } from './invitations';

export const IDENTITY_PROJECTION = 'identity';

const idOf = (event: ProjectionEvent, category: string) => event.streamId.slice(category.length + 1);
const guard = (event: ProjectionEvent) => ({ revision: { $lt: event.revision } });

/** The collection and the fields each identity category's events set (documents.ts). */
const MODELS: Record<string, { collection: string; fieldsOf: typeof userFieldsOf; creates: string }> = {
  [USER_CATEGORY]: { collection: USERS_COLLECTION, fieldsOf: userFieldsOf, creates: 'UserRegistered' },
  [ROLE_CATEGORY]: { collection: ROLES_COLLECTION, fieldsOf: roleFieldsOf, creates: 'RolePermissionsSet' },
  [ORGANIZATION_CATEGORY]: {
    collection: ORGANIZATIONS_COLLECTION,
    fieldsOf: organizationFieldsOf,
    creates: 'OrganizationRegistered',
  },
};

/**
 * Users (without password hashes), roles with their permissions, and organizations: what the guard reads
 * on every admin request and what the console lists. Also the `audit` collection: every change to those
 * and to the lead catalogues, with its actor (hence `withMetadata`). One projection, one checkpoint: the
 * audit is rebuilt with the records it describes.
 */
export const identityProjection: Projection = {
  name: IDENTITY_PROJECTION,
  // 2: the audit also keeps staff's changes to subscriptions (issue 15), and the invitations collection.
  // 3: and the group policies' events (PolicyCreated, PolicyArrearsNoticeChanged).
  version: 3,
  categories: [
    ...new Set([
      USER_CATEGORY,
      ROLE_CATEGORY,
      ORGANIZATION_CATEGORY,
      // The owner of a taken address told of an invitation (the invitations collection).
      USER_EMAIL_CATEGORY,
      ...AUDITED_CATEGORIES,
      ...Object.keys(PARTLY_AUDITED),
    ]),
  ],
  collections: [
    USERS_COLLECTION,
    ROLES_COLLECTION,
    ORGANIZATIONS_COLLECTION,
    AUDIT_COLLECTION,
    INVITATIONS_COLLECTION,
  ],
  withMetadata: true,
  async setup(store) {
    // The console's filters, sorts and searches of each list (services/test/readStore/requestPaths.test.ts).
    const users = store.collection<UserDocument>(USERS_COLLECTION);
    await users.createIndex({ email: 1 }, { unique: true });
    for (const field of ['organizationId', 'status', 'roles', 'nameKey', 'createdAt', 'updatedAt']) {
      await users.createIndex({ [field]: 1 });
    }
    const organizations = store.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);
    for (const field of ['name', 'nameKey', 'rut', 'createdAt', 'updatedAt']) {
      await organizations.createIndex({ [field]: 1 });
    }
    const roles = store.collection<RoleDocument>(ROLES_COLLECTION);
    for (const field of ['name', 'permissions', 'updatedAt']) await roles.createIndex({ [field]: 1 });
    await setupAudit(store);
    await setupInvitations(store);
  },
  async apply(event, store) {
    await applyModel(event, store);
    await applyInvitation(event, store);
    await applyAudit(event, store);
  },
};

async function applyModel(event: ProjectionEvent, store: ReadStore) {
  const category = categoryOf(event.streamId);
  const model = MODELS[category];
  if (!model) return;
  await store
    .collection(model.collection)
    .guardedUpdate(
      idOf(event, category),
      guard(event),
      { $set: model.fieldsOf(event) },
      event.type === model.creates ? { upsert: true } : {},
    );
}

import {
  IDENTITY_ERRORS,
  INVITATION_SENT,
  ORGANIZATIONS_COLLECTION,
  PASSWORD_IN_HISTORY_MESSAGE,
  ROLES_COLLECTION,
  USERS_COLLECTION,
  UserCreateBody,
  UserUpdateBody,
  type OrganizationDocument,
  type RoleDocument,
  type UserDocument,
  type UserRecord,
  type CommandMetadata,
  type Principal,
} from '@cubre/schemas';
import { foldUserDocument } from '@cubre/projections/identity/documents';
import { invitationIdOf } from '@cubre/projections/identity/invitations';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { derivedId } from '@cubre/platform/commands/eventIds';
import { handleCommand, loadAggregate } from '@cubre/platform/commands/commandHandler';
import type { IdentityContext } from './settings';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { setRevisionETag } from '@cubre/platform/http/etag';
import { HttpProblem, invalidRequest } from '@cubre/platform/http/problem';
import {
  idFilterOf,
  listRoute,
  pageOptions,
  parseListQuery,
  sendPage,
  sortSpecOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import { CommandRejected } from '@cubre/platform/core/decider';
import { WrongExpectedRevisionError } from '@cubre/platform/ports/eventStore';
import {
  allOf,
  expectedRevisionOf,
  missing,
  notEditable,
  refuseWrites,
  stringOf,
  stringsOf,
  textSearch,
  untilVisible,
} from './adminHttp';
import { actorOf, forbidden, principalOf, requirePermission } from '@cubre/platform/http/guard';
import { hashPassword, inPasswordHistory, unusablePassword } from './password';
import { findUserByEmail } from './principals';
import { registerUser, userAggregate, userEmailAggregate } from './registration';
import { userEmailStream } from './userEmailStream';
import { assertGrantable, inScope, isCompanyScoped, userInScope, usersScopeFilter } from './scope';
import { userStream, type UpdateUser } from './userDecider';
import { sendInvitation, type InvitationMail } from './sendInvitation';

const BASE = '/api/admin/users';
/** What a company administrator's creation answers, whether or not the address was free. */
const IdParams = z.strictObject({ id: z.string().min(1).max(100) });

export const userRecordOf = (doc: UserDocument): UserRecord => ({
  id: doc._id,
  email: doc.email,
  name: doc.name,
  roles: doc.roles,
  organizationId: doc.organizationId,
  status: doc.status,
  mustChangePassword: doc.mustChangePassword,
  passwordChangedAt: doc.passwordChangedAt,
  recess: doc.recess ?? null,
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
  revision: doc.revision,
});

const alreadyExists = () =>
  new HttpProblem(409, 'conflict', 'Conflicto', IDENTITY_ERRORS.USER_ALREADY_EXISTS, [
    { field: 'email', rule: 'USER_ALREADY_EXISTS', message: IDENTITY_ERRORS.USER_ALREADY_EXISTS },
  ]);

/**
 * Nobody disables themselves or changes their own roles or company: another administrator does. It keeps
 * the last administrator from locking everyone out, and a change of one's own powers always has a witness.
 */
function assertNotSelfLockout(doc: UserDocument, body: UserUpdateBody) {
  const refuse = (field: string, message: string) =>
    new HttpProblem(409, 'conflict', 'Conflicto', message, [{ field, rule: 'NOT_EDITABLE', message }]);
  if (body.status === 'Inactivo') throw refuse('status', 'no puede deshabilitar su propio usuario');
  const sameRoles =
    body.roles === undefined ||
    (body.roles.length === doc.roles.length && body.roles.every((role) => doc.roles.includes(role)));
  if (!sameRoles) throw refuse('roles', 'no puede cambiar sus propios roles');
  if (body.organizationId !== undefined && body.organizationId !== doc.organizationId) {
    throw refuse('organizationId', 'no puede cambiar su propia organización');
  }
}

/** `filter.organizationId`: an id, a list of ids, or null (staff: users of no organization). */
function organizationFilterOf(filter: Record<string, unknown>) {
  if (!('organizationId' in filter)) return {};
  if (filter.organizationId === null) return { organizationId: null };
  return { organizationId: { $in: stringsOf(filter, 'organizationId') } };
}

/**
 * The `users` resource (admin-console/API.md): list, one, create, update; never delete (a user is
 * disabled, status Inactivo, so the audit keeps who did what). Company administrators see and manage only
 * their company's users.
 */
export function userRoutes(context: IdentityContext): Router {
  const router = Router();
  const users = context.readStore.collection<UserDocument>(USERS_COLLECTION);
  const organizations = context.readStore.collection<OrganizationDocument>(ORGANIZATIONS_COLLECTION);

  async function visibleUser(res: Response, id: string): Promise<UserDocument> {
    const doc = await users.findOne({ _id: id });
    if (!doc || !userInScope(principalOf(res), doc)) throw missing('USER_NOT_FOUND', 'usuario', id);
    return doc;
  }

  async function assertOrganizationExists(organizationId: string | null) {
    if (organizationId === null || (await organizations.findOne({ _id: organizationId }))) return;
    throw invalidRequest([
      { field: 'organizationId', rule: 'NOT_FOUND', message: `la organización ${organizationId} no existe` },
    ]);
  }

  /** The invitation e-mail of a registered user without a password of their own (sendInvitation.ts). */
  const mailInvitation = (
    mail: InvitationMail,
    invitation: Parameters<typeof sendInvitation>[1],
    metadata: CommandMetadata,
  ) =>
    sendInvitation(
      {
        eventStore: context.eventStore,
        clock: context.clock,
        tokenSecret: context.identity.tokenSecret,
        mail,
      },
      invitation,
      metadata,
    );

  /** The user as GET answers it, once the read model shows the write (from its events if it is late). */
  async function answer(
    res: Response,
    userId: string,
    written: { globalPosition: number; revision: number },
    status: 200 | 201,
  ) {
    await untilVisible(context, userStream(userId), written);
    let doc = await users.findOne({ _id: userId });
    if (!doc || doc.revision < written.revision) {
      doc = foldUserDocument(userId, await context.eventStore.readStream(userStream(userId)));
    }
    if (!doc) throw new Error(`user ${userId} has no UserRegistered event`);
    setRevisionETag(res, doc.revision);
    if (status === 201) res.location(`${BASE}/${userId}`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).json(userRecordOf(doc));
  }

  /**
   * A company administrator's creation is an invitation (issue 13): a free address gets its user, one that
   * belongs to somebody of another company or the staff gets a notice to its owner instead, and both answer
   * the same 202, so the answer is no directory of other companies' users. An address of their own
   * company's user is the usual 409: they see that user in their list anyway.
   */
  async function invite(
    res: Response,
    principal: Principal,
    organizationId: string,
    body: UserCreateBody,
    owner: UserDocument | null,
    metadata: CommandMetadata,
  ) {
    const email = body.email.trim().toLowerCase();
    // Their own company's user they see in their list: a 409. Their own invitee not yet in it: invited again.
    if (owner && owner.organizationId === organizationId && owner.pendingInvitation !== true) {
      throw alreadyExists();
    }
    const organizationName = (await organizations.findOne({ _id: organizationId }))?.name ?? '';
    // Both kinds spend one scrypt hash and request one mail: the time of the answer tells nothing either.
    const password = body.password ?? unusablePassword();
    if (owner && owner.organizationId !== organizationId) {
      await hashPassword(password, context.identity.scryptN);
      await handleCommand(
        context.eventStore,
        userEmailAggregate,
        userEmailStream(email),
        {
          type: 'NoticeInvitation',
          data: { email, userId: owner._id, organizationId, invitedBy: principal.userId },
        },
        metadata,
      );
      await context.identity.invitationMail?.requester.request(
        {
          // Once per company and address, however often its administrators try.
          key: `invitation-notice:${invitationIdOf(organizationId, email)}`,
          to: { email, name: owner.name },
          template: 'invitation_notice',
          locale: 'es',
          country: 'CL',
          data: {
            nombre: owner.name,
            organizacion: organizationName,
            enlace: context.identity.invitationMail.consoleUrl,
          },
          subject: { kind: 'user', id: owner._id },
        },
        { actor: metadata.actor, correlationId: metadata.correlationId, causationId: metadata.commandId },
      );
    } else {
      let userId = owner?._id;
      if (!owner) {
        try {
          const registered = await registerUser(
            context.eventStore,
            {
              ...body,
              password,
              email,
              organizationId,
              mustChangePassword: true,
              invitedBy: principal.userId,
            },
            metadata,
            { scryptN: context.identity.scryptN },
          );
          userId = registered.userId;
          await untilVisible(context, userStream(registered.userId), registered.result);
        } catch (error) {
          // Claimed by somebody else meanwhile: the same answer, as for any taken address.
          if (!(error instanceof CommandRejected && error.rule === 'USER_ALREADY_EXISTS')) throw error;
        }
      }
      if (userId && context.identity.invitationMail) {
        await mailInvitation(
          context.identity.invitationMail,
          { userId, organizationId, organizationName, invitedBy: principal.userId },
          metadata,
        );
      }
    }
    res.setHeader('Cache-Control', 'no-store');
    res.status(202).json({
      id: invitationIdOf(organizationId, email),
      email,
      status: INVITATION_SENT,
    });
  }

  router.get(
    BASE,
    requirePermission(context, 'user:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, {
        sortable: ['id', 'email', 'name', 'createdAt', 'updatedAt', 'status'],
        filters: ['q', 'role', 'status', 'organizationId', 'permission'],
      });
      const { filter } = query;
      const roles = stringsOf(filter, 'role');
      // `permission`: users whose roles grant it now (the console's executive pickers ask for lead:read).
      const permission = stringOf(filter, 'permission');
      const granting = permission
        ? (
            await context.readStore
              .collection<RoleDocument>(ROLES_COLLECTION)
              .find({ permissions: permission })
          ).map((role) => role._id)
        : undefined;
      const statuses = stringsOf(filter, 'status');
      const find = allOf(
        idFilterOf(filter),
        textSearch(stringOf(filter, 'q'), ['email', 'nameKey']),
        roles ? { roles: { $in: roles } } : {},
        statuses ? { status: { $in: statuses } } : {},
        granting ? { roles: { $in: granting } } : {},
        organizationFilterOf(filter),
        usersScopeFilter(principalOf(res)),
      );
      const sort = sortSpecOf(query, (field) => (field === 'name' ? 'nameKey' : field));
      const [docs, total] = await Promise.all([
        users.find(find, { sort, ...pageOptions(query) }),
        users.count(find),
      ]);
      sendPage(res, 'users', query, docs.map(userRecordOf), total);
    }),
  );

  router.get(
    `${BASE}/:id`,
    requirePermission(context, 'user:read'),
    validated({ params: IdParams }, async ({ params }, _req, res) => {
      const doc = await visibleUser(res, params.id);
      setRevisionETag(res, doc.revision);
      res.setHeader('Cache-Control', 'no-store');
      res.json(userRecordOf(doc));
    }),
  );

  router.post(
    BASE,
    requirePermission(context, 'user:create'),
    validated({ body: UserCreateBody }, async ({ body }, req, res) => {
      const principal = principalOf(res);
      let organizationId = body.organizationId ?? null;
      if (isCompanyScoped(principal)) {
        organizationId = body.organizationId ?? principal.organizationId;
        if (principal.organizationId === null || organizationId !== principal.organizationId) {
          throw forbidden(
            'FORBIDDEN',
            'un administrador de empresa solo crea usuarios de su organización',
            'organizationId',
          );
        }
      }
      await assertGrantable(context.readStore, principal, body.roles);
      await assertOrganizationExists(organizationId);
      const metadata = commandMetadataOf(req, context.clock(), actorOf(res));
      // A retry of this very request (same Idempotency-Key) finds its own user: that is not a duplicate.
      const existing = await findUserByEmail(context.readStore, body.email);
      const duplicate = existing && existing._id !== derivedId('user', metadata.commandId);
      if (isCompanyScoped(principal)) {
        await invite(res, principal, organizationId!, body, duplicate ? existing : null, metadata);
        return;
      }
      if (duplicate) throw alreadyExists();
      // A company's user staff create without a password is invited by e-mail, as the company's own
      // administrators' invitees and the buyer are (README.md, "Staff's company users"); staff's own
      // colleagues, and API clients that give one, get a temporary password.
      const invitation =
        organizationId !== null && !body.password ? context.identity.invitationMail : undefined;
      if (!body.password && !invitation) {
        throw invalidRequest([
          { field: 'password', rule: 'required', message: 'la contraseña temporal es obligatoria' },
        ]);
      }
      const { userId, result } = await registerUser(
        context.eventStore,
        {
          email: body.email,
          name: body.name,
          roles: body.roles,
          organizationId,
          // Invited: a password told to nobody, the mail's link is the way in.
          password: body.password ?? unusablePassword(),
          // A password somebody else chose is temporary (seed 002 §8, PASSWORD_EXPIRED until changed).
          mustChangePassword: true,
        },
        metadata,
        { scryptN: context.identity.scryptN },
      );
      let written = result;
      if (invitation && organizationId !== null) {
        await mailInvitation(
          invitation,
          {
            userId,
            organizationId,
            organizationName: (await organizations.findOne({ _id: organizationId }))?.name ?? '',
            invitedBy: principal.userId,
          },
          metadata,
        );
        // The answer (its revision, its ETag) is the user once its link was recorded.
        const last = (await context.eventStore.readStream(userStream(userId))).at(-1)!;
        written = { ...result, revision: last.revision, globalPosition: last.globalPosition };
      }
      await answer(res, userId, written, result.events.length > 0 ? 201 : 200);
    }),
  );

  router.put(
    `${BASE}/:id`,
    requirePermission(context, 'user:update'),
    validated({ params: IdParams, body: UserUpdateBody }, async ({ params, body }, req, res) => {
      const principal = principalOf(res);
      const doc = await visibleUser(res, params.id);
      if (body.id !== undefined && body.id !== params.id) {
        throw notEditable('id', 'el id del cuerpo no es el del recurso');
      }
      if (body.email !== undefined && body.email.trim().toLowerCase() !== doc.email) {
        throw notEditable('email', 'el correo electrónico no se modifica: cree otro usuario');
      }
      if (body.organizationId !== undefined && !inScope(principal, body.organizationId)) {
        throw forbidden(
          'FORBIDDEN',
          'un administrador de empresa no mueve usuarios a otra organización',
          'organizationId',
        );
      }
      // Whoever changes a user must be able to give the roles they have, and the ones they will have.
      await assertGrantable(context.readStore, principal, doc.roles);
      if (body.roles) await assertGrantable(context.readStore, principal, body.roles);
      if (body.organizationId !== undefined) await assertOrganizationExists(body.organizationId);
      if (doc._id === principal.userId) assertNotSelfLockout(doc, body);
      const streamId = userStream(doc._id);
      let expectedRevision = expectedRevisionOf(req, body.revision);
      let newPasswordHash: string | undefined;
      if (body.password) {
        const { state, revision } = await loadAggregate(context.eventStore, userAggregate, streamId);
        if (state.status !== 'Registered') throw missing('USER_NOT_FOUND', 'usuario', doc._id);
        if (expectedRevision !== undefined && expectedRevision !== revision) {
          throw new WrongExpectedRevisionError(streamId, expectedRevision, revision);
        }
        if (await inPasswordHistory(body.password, state.passwordHistory)) {
          throw new HttpProblem(400, 'validation', 'Solicitud inválida', PASSWORD_IN_HISTORY_MESSAGE, [
            { field: 'password', rule: 'PASSWORD_IN_HISTORY', message: PASSWORD_IN_HISTORY_MESSAGE },
          ]);
        }
        newPasswordHash = await hashPassword(body.password, context.identity.scryptN);
        // The history was checked at this revision: a change in between is a conflict.
        expectedRevision = revision;
      }
      const changes: UpdateUser['data']['changes'] = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.roles !== undefined) changes.roles = body.roles;
      if (body.organizationId !== undefined) changes.organizationId = body.organizationId;
      if (body.status !== undefined) changes.status = body.status;
      if (body.recess !== undefined) changes.recess = body.recess;
      const result = await handleCommand(
        context.eventStore,
        userAggregate,
        streamId,
        {
          type: 'UpdateUser',
          data: { userId: doc._id, changes, reason: body.reason || null },
          newPasswordHash,
        },
        commandMetadataOf(req, context.clock(), actorOf(res)),
        { expectedRevision },
      );
      await answer(res, doc._id, result, 200);
    }),
  );

  refuseWrites(
    router,
    [`${BASE}/:id`],
    'los usuarios no se eliminan: deshabilítelos (estado Inactivo) para conservar su historial',
    [requirePermission(context, 'user:update')],
    'GET, PUT',
  );

  return router;
}

import { Router } from 'express';
import type { AppContext } from '@cubre/platform/http/app';
import { handleCommand } from '@cubre/platform/commands/commandHandler';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import { actorOf, requirePermission } from '@cubre/platform/http/guard';
import {
  listRoute,
  parseListQuery,
  recordNotFound,
  sendPage,
  stringsOf,
} from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { OrganizationDefinition } from '@cubre/schemas';
import { organizationsOfTypes } from '../catalogue';
import {
  INSURER_SETTINGS_COLLECTION,
  INSURERS_PROJECTION,
  type InsurerSettingsDocument,
} from '@cubre/projections/insurers/projection';
import {
  DEFAULT_OPERATION_DAY,
  DEFAULT_RETROACTIVE_DAYS,
  InsurerParams,
  SetOperationDayBody,
  SetRetroactiveDaysBody,
  type InsurerRecord,
} from '@cubre/schemas/insurers/settings';
import type { Request, Response } from 'express';
import { insurerSettingsAggregate, insurerSettingsStream, type InsurerSettingsCommand } from './decider';

/** The catalogue's organizations that insure (and so have an operation day): not clinics, providers, brokers. */
export const INSURER_TYPES: readonly string[] = ['ASEGURADORA', 'ISAPRE', 'EPS', 'MEDICINA_PREPAGADA'];

const SORTABLE = ['id', 'displayName', 'country', 'type', 'operationDay'] as const;

export function insurerRecordOf(
  organization: OrganizationDefinition,
  settings: InsurerSettingsDocument | null,
): InsurerRecord {
  const definition = organization;
  return {
    id: organization.code,
    displayName: definition.displayName,
    type: definition.type,
    country: definition.country,
    operationDay: settings?.operationDay ?? DEFAULT_OPERATION_DAY,
    operationDayIsDefault: (settings?.operationDay ?? null) === null,
    ...(settings?.retroactiveDays ?? DEFAULT_RETROACTIVE_DAYS),
    retroactiveDaysAreDefault: (settings?.retroactiveDays ?? null) === null,
    revision: settings?.revision ?? -1,
    updatedAt: settings?.updatedAt ?? null,
  };
}

/**
 * The console's `insurers` (issue 15, seed 002 §4 and §9): every insurer organization of the catalogue
 * with its operation day and retroactive days (`admin:insurer:read`), and the two settings, each under its
 * own permission (002-6.10): `PUT …/{code}/dia-de-corte` (`admin:insurer:update-cutting-day`) and
 * `PUT …/{code}/dias-retroactivos` (`admin:insurer:update-retroactive-days`). Both are pinned to the
 * revision the console read (If-Match or `revision`): a stale one is 409. Audited (`insurerSettings`).
 */
export function insurerRoutes(context: AppContext): Router {
  const router = Router();
  const insurers = () => organizationsOfTypes(context.readStore)(INSURER_TYPES);
  const settings = () => context.readStore.collection<InsurerSettingsDocument>(INSURER_SETTINGS_COLLECTION);

  /** An insurer organization by code, or a 404. */
  async function insurer(code: string): Promise<OrganizationDefinition> {
    const organization = (await insurers()).find((definition) => definition.code === code);
    if (!organization) throw recordNotFound('insurers', code);
    return organization;
  }

  async function recordOf(code: string): Promise<InsurerRecord> {
    const organization = await insurer(code);
    return insurerRecordOf(organization, await settings().findOne({ _id: code }));
  }

  async function answer(res: Response, code: string) {
    const record = await recordOf(code);
    res.setHeader('Cache-Control', 'no-store');
    setRevisionETag(res, record.revision);
    res.json(record);
  }

  async function set(
    req: Request,
    res: Response,
    code: string,
    command: InsurerSettingsCommand,
    revision?: number,
  ) {
    await insurer(code);
    const streamId = insurerSettingsStream(code);
    const result = await handleCommand(
      context.eventStore,
      insurerSettingsAggregate,
      streamId,
      command,
      commandMetadataOf(req, context.clock(), actorOf(res)),
      { expectedRevision: expectedRevisionOf(req, revision) },
    );
    if (result.globalPosition > 0) {
      await context.visibility.waitUntilVisible(
        { globalPosition: result.globalPosition, streamId },
        [INSURERS_PROJECTION],
        context.config.readYourWritesTimeoutMs,
      );
    }
    await answer(res, code);
  }

  router.get(
    '/api/admin/insurers',
    requirePermission(context, 'admin:insurer:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: [...SORTABLE], filters: ['country', 'type'] });
      const ids = stringsOf(query.filter, 'id');
      const countries = stringsOf(query.filter, 'country');
      const types = stringsOf(query.filter, 'type');
      // The catalogue has tens of organizations (hundreds at most): read whole, joined and paged here.
      const found = (await insurers()).filter(
        (organization) =>
          (!ids || ids.includes(organization.code)) &&
          (!countries || countries.includes(organization.country)) &&
          (!types || types.includes(organization.type)),
      );
      const stored = new Map(
        (await settings().find({ _id: { $in: found.map((organization) => organization.code) } })).map(
          (doc) => [doc._id, doc],
        ),
      );
      const records = found.map((organization) =>
        insurerRecordOf(organization, stored.get(organization.code) ?? null),
      );
      const field = (query.sort?.field ?? 'displayName') as (typeof SORTABLE)[number];
      const direction = query.sort?.order === 'DESC' ? -1 : 1;
      records.sort((a, b) => {
        const [x, y] = [a[field], b[field]];
        const order =
          typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
        return (order || a.id.localeCompare(b.id)) * direction;
      });
      res.setHeader('Cache-Control', 'no-store');
      sendPage(res, 'insurers', query, records.slice(query.range.start, query.range.end + 1), records.length);
    }),
  );

  router.get(
    '/api/admin/insurers/:code',
    requirePermission(context, 'admin:insurer:read'),
    validated({ params: InsurerParams }, async ({ params }, _req, res) => answer(res, params.code)),
  );

  router.put(
    '/api/admin/insurers/:code/dia-de-corte',
    requirePermission(context, 'admin:insurer:update-cutting-day'),
    validated({ params: InsurerParams, body: SetOperationDayBody }, async ({ params, body }, req, res) =>
      set(
        req,
        res,
        params.code,
        { type: 'SetOperationDay', organizationCode: params.code, operationDay: body.operationDay },
        body.revision,
      ),
    ),
  );

  router.put(
    '/api/admin/insurers/:code/dias-retroactivos',
    requirePermission(context, 'admin:insurer:update-retroactive-days'),
    validated({ params: InsurerParams, body: SetRetroactiveDaysBody }, async ({ params, body }, req, res) => {
      const { revision, ...days } = body;
      await set(
        req,
        res,
        params.code,
        { type: 'SetRetroactiveDays', organizationCode: params.code, days },
        revision,
      );
    }),
  );
  return router;
}

import { streamCsv } from '@cubre/platform/http/csvStream';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { AppContext } from '@cubre/platform/http/app';
import { commandMetadataOf } from '@cubre/platform/http/commandMetadata';
import { expectedRevisionOf, setRevisionETag } from '@cubre/platform/http/etag';
import {
  actorOf,
  forbidden,
  principalOf,
  requireAnyPermission,
  requirePermission,
} from '@cubre/platform/http/guard';
import { HttpProblem } from '@cubre/platform/http/problem';
import { listRoute, pageOptions, parseListQuery, sendPage } from '@cubre/platform/http/simpleRest';
import { validated } from '@cubre/platform/http/validate';
import type { GroupEmployeeDocument } from '@cubre/projections/groupInsurance/documents';
import {
  AnswerProcessBody,
  CancelEmployeeBody,
  EMPLOYEE_FILTER_KEYS,
  EMPLOYEE_SORTABLE,
  type EmployeeRecord,
} from '@cubre/schemas/groupInsurance/employee';
import type { Permission } from '@cubre/schemas/identity/permissions';
import { retroactiveDaysOf } from '../insurers';
import { employeeListRead } from './employeeQuery';
import { chileToday, employeeRecordOf, historyOf } from './records';
import {
  caughtUpPolicy,
  employeesOf,
  insuredStateOf,
  newBatchId,
  policiesOf,
  RosterWriter,
  waitVisible,
} from './roster';
import {
  answerOutcome,
  cancellationOutcome,
  effectiveDateProblem,
  type RowOutcome,
} from './rosterChangeDecider';
import { companyScopeOf, inScopeOr404 } from './scope';

const EmployeeParams = z.strictObject({ id: z.string().min(3).max(120) });

/** The permission an answer to a person's open process needs (002-6.11). */
export function answerPermission(status: string, answer: 'accept' | 'decline'): Permission | null {
  if (status === 'PROCESS_ACTIVATION') return `policy-employee:process-activation:${answer}`;
  if (status === 'PROCESS_CANCELLATION') return `policy-employee:process-cancellation:${answer}`;
  return null;
}

const refusedOutcome = (outcome: Extract<RowOutcome, { kind: 'problem' }>) =>
  new HttpProblem(409, outcome.rule, 'Operación rechazada', outcome.message, [
    { field: outcome.column, rule: outcome.rule, message: outcome.message },
  ]);

const CSV_COLUMNS: (keyof EmployeeRecord)[] = [
  'policyNumber',
  'legalId',
  'name',
  'paternalSurname',
  'maternalSurname',
  'birthDate',
  'age',
  'gender',
  'email',
  'phone',
  'insuredType',
  'holderLegalId',
  'dependentType',
  'coverageGroup',
  'status',
  'employeeStatus',
  'movement',
  'effectiveDate',
  'cancellationReason',
  'updatedAt',
];
/**
 * The console's `employees` (issue 16): one insured person under one policy, filtered by 002-4.09's
 * ALTAS/BAJAS/TODAS, policy, coverage group, status, dates and a name or RUT; the person's history; the
 * CSV export of the list's filter; the insurer's answers (002-4.08) and one person's cancellation. Company
 * administrators reach only their organization's people (404 for another's).
 */
export function employeeRoutes(context: AppContext): Router {
  const router = Router();
  const employees = () => employeesOf(context.readStore);

  async function scopedEmployee(res: Response, id: string): Promise<GroupEmployeeDocument> {
    const scope = companyScopeOf(principalOf(res));
    return inScopeOr404(scope, await employees().findOne({ _id: id }), 'employees', id);
  }

  function listRead(res: Response, raw: Record<string, unknown>) {
    const principal = principalOf(res);
    return employeeListRead(
      companyScopeOf(principal),
      raw,
      { readUninsured: principal.permissions.has('employee:read-uninsured') },
      async (policyId) =>
        (await policiesOf(context.readStore).findOne({ _id: policyId }))?.organizationId ?? null,
    );
  }

  router.get(
    '/api/admin/employees',
    requirePermission(context, 'employee:read'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: EMPLOYEE_SORTABLE, filters: EMPLOYEE_FILTER_KEYS });
      const { filter, sort } = await listRead(res, query.filter);
      const today = chileToday(context.clock());
      if (!filter) return sendPage(res, 'employees', query, [], 0);
      const [docs, total] = await Promise.all([
        employees().find(filter, { sort, ...pageOptions(query) }),
        employees().count(filter),
      ]);
      sendPage(
        res,
        'employees',
        query,
        docs.map((doc) => employeeRecordOf(doc, today)),
        total,
      );
    }),
  );

  router.get(
    '/api/admin/employees/export',
    requirePermission(context, 'employee:export'),
    listRoute(async (req, res) => {
      const query = parseListQuery(req, { sortable: EMPLOYEE_SORTABLE, filters: EMPLOYEE_FILTER_KEYS });
      const { filter, sort } = await listRead(res, query.filter);
      const today = chileToday(context.clock());
      await streamCsv(res, {
        name: 'asegurados.csv',
        collection: employees(),
        filter,
        sort,
        columns: CSV_COLUMNS,
        row: (doc) => employeeRecordOf(doc, today),
      });
    }),
  );

  router.get(
    '/api/admin/employees/:id',
    requirePermission(context, 'employee:read'),
    validated({ params: EmployeeParams }, async ({ params }, _req, res) => {
      const doc = await scopedEmployee(res, params.id);
      res.setHeader('Cache-Control', 'no-store');
      setRevisionETag(res, doc.revision);
      res.json(employeeRecordOf(doc, chileToday(context.clock())));
    }),
  );

  router.get(
    '/api/admin/employees/:id/history',
    requirePermission(context, 'employee:read-history'),
    validated({ params: EmployeeParams }, async ({ params }, _req, res) => {
      const history = historyOf(await scopedEmployee(res, params.id));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader(
        'Content-Range',
        `employee-history 0-${Math.max(history.length - 1, 0)}/${history.length}`,
      );
      res.json(history);
    }),
  );

  /**
   * One person's change, decided on their document once the read model caught up with the roster, pinned
   * to the revision the console read (409 when the person changed since) and to the roster's revision.
   */
  async function changeOne(
    req: Parameters<Parameters<typeof validated>[1]>[1],
    res: Response,
    id: string,
    revision: number | undefined,
    kind: 'accept' | 'decline' | 'cancel',
    decide: (doc: GroupEmployeeDocument) => Promise<RowOutcome> | RowOutcome,
  ) {
    const scoped = await scopedEmployee(res, id);
    const policy = await caughtUpPolicy(context, scoped.policyId);
    const doc = await scopedEmployee(res, id);
    const expected = expectedRevisionOf(req, revision);
    if (expected !== undefined && expected !== doc.revision) {
      throw new HttpProblem(
        409,
        'conflict',
        'Conflicto de versión',
        `la persona cambió: su versión actual es ${doc.revision}`,
        [{ field: 'revision', rule: 'current_revision', message: `la versión actual es ${doc.revision}` }],
      );
    }
    const outcome = await decide(doc);
    if (outcome.kind === 'problem') throw refusedOutcome(outcome);
    if (outcome.kind === 'change') {
      const writer = new RosterWriter(
        context.eventStore,
        policy,
        commandMetadataOf(req, context.clock(), actorOf(res)),
      );
      await writer.write({
        type: 'RecordBatch',
        policyId: policy._id,
        batch: { batchId: newBatchId(), kind, bulkLoadId: null, refersTo: null, by: principalOf(res).userId },
        changes: [outcome.change],
      });
      await waitVisible(context, writer.lastWrite);
    }
    const after = await scopedEmployee(res, id);
    setRevisionETag(res, after.revision);
    res.json(employeeRecordOf(after, chileToday(context.clock())));
  }

  for (const answer of ['accept', 'decline'] as const) {
    router.post(
      `/api/admin/employees/:id/${answer}`,
      requireAnyPermission(
        context,
        `policy-employee:process-activation:${answer}`,
        `policy-employee:process-cancellation:${answer}`,
      ),
      validated({ params: EmployeeParams, body: AnswerProcessBody }, async ({ params, body }, req, res) => {
        await changeOne(req, res, params.id, body.revision, answer, (doc) => {
          const needed = answerPermission(doc.status, answer);
          if (needed && !principalOf(res).permissions.has(needed)) {
            throw forbidden('FORBIDDEN', `requiere el permiso ${needed}`);
          }
          return answerOutcome(insuredStateOf(doc), answer);
        });
      }),
    );
  }

  router.post(
    '/api/admin/employees/:id/cancel',
    requirePermission(context, 'policy-employee:active:process-cancellation'),
    validated({ params: EmployeeParams, body: CancelEmployeeBody }, async ({ params, body }, req, res) => {
      await changeOne(req, res, params.id, body.revision, 'cancel', async (doc) => {
        const policy = await caughtUpPolicy(context, doc.policyId);
        const days = await retroactiveDaysOf(context.readStore)(policy.insurerCode);
        const late = effectiveDateProblem(
          body.effectiveDate,
          chileToday(context.clock()),
          'cancellation',
          days,
        );
        if (late) {
          throw new HttpProblem(422, 'validation', 'Fecha fuera de plazo', late.message, [
            { field: 'effectiveDate', rule: late.rule, message: late.message },
          ]);
        }
        if (doc.status !== 'ACTIVE') {
          return {
            kind: 'problem',
            column: 'status',
            rule: 'not-active',
            message: 'Solo se da de baja a una persona activa',
          };
        }
        return cancellationOutcome(insuredStateOf(doc), {
          legalId: doc.legalId,
          effectiveDate: body.effectiveDate,
          reason: body.reason,
          rowNumber: null,
        });
      });
    }),
  );

  return router;
}

import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import { BULK_LOAD_CATEGORY } from '@cubre/schemas/groupInsurance/bulkLoad';
import { POLICY_CATEGORY } from '@cubre/schemas/groupInsurance/policy';
import { POLICY_ROSTER_CATEGORY } from '@cubre/schemas/groupInsurance/roster';
import { DEFAULT_RETENTION, sweepBulkLoadFiles, type BulkLoadRetention } from './bulkLoadRetention';
import { bulkLoadRoutes } from './bulkLoadRoutes';
import { bulkLoadRunner, type BulkLoadRunner } from './bulkLoadRunner';
import { seedGroupInsuranceDemo } from './demo';
import { employeeRoutes } from './employeeRoutes';
import { policyRoutes } from './policyRoutes';

export const GROUP_INSURANCE_CATEGORIES = [POLICY_CATEGORY, POLICY_ROSTER_CATEGORY, BULK_LOAD_CATEGORY];

export interface GroupInsuranceOptions {
  /** DATA_DIR: bulk-load files are kept under its bulk-loads/. */
  dataDir: string;
  /** Rows between two progress events of a running load. */
  progressEvery?: number;
  /** The demo companies' policies and people are seeded (with the demo users: DEMO_USERS). */
  demoData: boolean;
  /** How long the folder's files are kept, and its byte budget (bulkLoadRetention.ts). */
  retention?: BulkLoadRetention;
}

/**
 * Group insurance for companies (issue 16, seed 002 §3–§6, §9): policies, their insured people and the
 * bulk loads that activate and cancel them. Decisions: README.md beside this file.
 */
export function groupInsuranceModule(
  options: GroupInsuranceOptions,
): HttpModule & { categories: string[]; runner(): BulkLoadRunner | null } {
  let runner: BulkLoadRunner | null = null;
  const retention = options.retention ?? DEFAULT_RETENTION;
  const runnerOf = (context: AppContext) =>
    (runner ??= bulkLoadRunner(context, { dataDir: options.dataDir, progressEvery: options.progressEvery }));
  return {
    name: 'groupInsurance',
    categories: GROUP_INSURANCE_CATEGORIES,
    runner: () => runner,
    routes(context) {
      const router = Router();
      router.use(policyRoutes(context));
      router.use(employeeRoutes(context));
      router.use(bulkLoadRoutes(context, runnerOf(context), options.dataDir, retention));
      return router;
    },
    async start(context) {
      // With the demo users (DEMO_USERS, on unless production): their companies' policies and people.
      if (options.demoData) await seedGroupInsuranceDemo(context);
      // Loads a stopped process left validating or committing go on from their events.
      await runnerOf(context).resume();
      // What no load will read again, and loads nobody committed (README: retention).
      await sweepBulkLoadFiles(context, options.dataDir, retention);
    },
  };
}

// What other domains read of group insurance (arrears: a group policy's recipients and its notice switch).
export { policyAggregate, policyStream } from './policyDecider';
export {
  GROUP_EMPLOYEES_COLLECTION,
  type GroupEmployeeDocument,
} from '@cubre/projections/groupInsurance/documents';

import { JOBS_CATEGORIES } from '@cubre/schemas/jobs/runs';
import { Router } from 'express';
import type { AppContext, HttpModule } from '@cubre/platform/http/app';
import type { Scheduler } from '../runtime/scheduler';
import { jobAdminRoutes, type JobInfo } from './adminRoutes';
import { jobLeases } from './leases';

/**
 * The scheduler's jobs in the console (issue 15): their runs as events, one runner at a time through a
 * lease, "Ejecutar ahora". Decisions: README.md beside this file.
 */
export const jobsModule = (options: {
  jobs: JobInfo[];
  scheduler: Scheduler | null;
  leaseTtlMs: number;
}): HttpModule & { categories: string[] } => ({
  name: 'jobs',
  categories: [...JOBS_CATEGORIES],
  routes(context: AppContext) {
    const router = Router();
    const leases = jobLeases(context.eventStore, context.clock, options.leaseTtlMs);
    router.use(jobAdminRoutes(context, { jobs: options.jobs, scheduler: options.scheduler, leases }));
    return router;
  },
});

export { jobLeases, leaseStream, type JobLeases, type LeaseState } from './leases';
export { runFinished, runRecorder, runStream, type RunRecorder } from './runs';
export { pollRunRequests, requestRun, requestStream } from './requests';
export type { JobInfo } from './adminRoutes';

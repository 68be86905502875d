import { lazy } from 'react';
import { SchedulerJobList } from './SchedulerJobList';

/** The Programador (issue 15): the job list, a job's page with its runs, a run's page with its failed items. */
export const schedulerJobs = {
  list: SchedulerJobList,
  show: lazy(() => import('./SchedulerJobShow')),
};
export const jobRuns = { show: lazy(() => import('./JobRunShow')) };

import { lazy } from 'react';
import { BulkLoadList } from './BulkLoadList';
import { EmployeeList } from './EmployeeList';
import { PolicyList } from './PolicyList';

/**
 * Group insurance's resources (issue 16): the lists in the first download like every other list, the
 * upload page and the pages of one record loaded when first opened.
 */
export const policies = { list: PolicyList, show: lazy(() => import('./PolicyShow')) };
export const employees = { list: EmployeeList, show: lazy(() => import('./EmployeeShow')) };
export const bulkLoads = {
  list: BulkLoadList,
  create: lazy(() => import('./BulkLoadCreate')),
  show: lazy(() => import('./BulkLoadShow')),
};

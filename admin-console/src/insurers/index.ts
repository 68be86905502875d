import { lazy } from 'react';
import { InsurerList } from './InsurerList';

/** The Aseguradoras (issue 15): insurers with their operation day and retroactive days. */
export const insurers = { list: InsurerList, show: lazy(() => import('./InsurerShow')) };

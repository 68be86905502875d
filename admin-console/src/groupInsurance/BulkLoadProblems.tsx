import { Typography } from '@mui/material';
import { DataTable, Pagination, ReferenceManyField, useTranslate } from 'react-admin';
import type { BulkLoadProblemRecord, BulkLoadRecord } from './types';

/**
 * The dry run's problems, a row per broken rule (row number as the sheet shows it, column, message in
 * Spanish, rule), paged: a 100,000-row file may have many (`bulk-load-problems` filtered by the load).
 * Read again whenever the load's status changes (keyed by it), so a finished validation fills it.
 */
export function BulkLoadProblems({ load }: { load: BulkLoadRecord }) {
  const translate = useTranslate();
  return (
    <ReferenceManyField
      key={load.status}
      reference="bulk-load-problems"
      target="bulkLoadId"
      sort={{ field: 'rowNumber', order: 'ASC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
    >
      <DataTable<BulkLoadProblemRecord>
        bulkActionButtons={false}
        rowClick={false}
        empty={
          <Typography variant="body2" data-testid="no-problems">
            {translate('cubre.groupInsurance.bulkLoads.noProblems')}
          </Typography>
        }
      >
        <DataTable.Col source="rowNumber" label="resources.bulk-load-problems.fields.rowNumber" />
        <DataTable.Col source="column" label="resources.bulk-load-problems.fields.column" disableSort />
        <DataTable.Col source="message" label="resources.bulk-load-problems.fields.message" disableSort />
        <DataTable.Col source="rule" label="resources.bulk-load-problems.fields.rule" disableSort />
      </DataTable>
    </ReferenceManyField>
  );
}

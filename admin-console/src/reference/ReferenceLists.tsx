import { useState } from 'react';
import {
  Card,
  CardContent,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { Loading, Title, useGetList, useTranslate } from 'react-admin';
import type { ReferenceListName } from '@cubre/schemas/leadCatalogue/reference';
import { referenceMessages } from './messages.es';

/** The lists in the order the page shows them: the payment ones first (what staff look up most). */
const LISTS = Object.keys(referenceMessages.lists) as ReferenceListName[];
/** Columns in this order when a list has them; anything else a row carries is not shown. */
const COLUMNS = ['id', 'name', 'kind', 'countries', 'payable'] as const;

type ReferenceRow = Partial<Record<(typeof COLUMNS)[number], unknown>> & { id: string | number };

/**
 * The seed's fixed reference lists (002 §3, §4, §8: currencies, tax documents, billing states, account
 * movements, recess reasons, tickets, document reviews, assignment codes), each read from
 * `GET /api/admin/reference/{name}`: one tab a list, read-only.
 */
export function ReferenceLists() {
  const translate = useTranslate();
  const [list, setList] = useState<ReferenceListName>(LISTS[0]!);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('cubre.reference.title')} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {translate('cubre.reference.intro')}
        </Typography>
        <Tabs
          value={list}
          onChange={(_, value: ReferenceListName) => setList(value)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate('cubre.reference.title')}
        >
          {LISTS.map((name) => (
            <Tab key={name} value={name} label={translate(`cubre.reference.lists.${name}`)} />
          ))}
        </Tabs>
        <ReferenceTable name={list} />
      </CardContent>
    </Card>
  );
}

function ReferenceTable({ name }: { name: ReferenceListName }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<ReferenceRow>(`reference/${name}`, {
    pagination: { page: 1, perPage: 100 },
  });
  if (isPending) return <Loading />;
  const rows = data ?? [];
  const columns = COLUMNS.filter((column) => rows.some((row) => row[column] !== undefined));
  const cell = (column: string, value: unknown) => {
    // An account movement's kind (deposit, charge…) is a code: shown in the console's language.
    if (column === 'kind') return translate(`cubre.reference.kinds.${String(value)}`);
    if (typeof value === 'boolean') return translate(value ? 'cubre.reference.yes' : 'cubre.reference.no');
    if (Array.isArray(value)) return value.length ? value.join(', ') : translate('cubre.reference.none');
    return String(value ?? '');
  };
  return (
    <Table size="small" aria-label={translate(`cubre.reference.lists.${name}`)} sx={{ mt: 2 }}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{translate(`cubre.reference.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={String(row.id)}>
            {columns.map((column) => (
              <TableCell key={column}>{cell(column, row[column])}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

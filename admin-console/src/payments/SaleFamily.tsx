import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';

/**
 * The insured persons of a family sale (issue 14): the holder, then each dependant with kinship, sex, age
 * and birth date; and, where the server sent it (one sale's record, staff reading every sale), each one's
 * health declaration ('Estado de salud', 002-2.08). Health data: shown here and nowhere else in the console.
 */
export function SaleFamily({ sale }: { sale: SaleRecord }) {
  const translate = useTranslate();
  const word = (name: string) => translate(`cubre.payments.family.${name}`);
  const dependants = sale.dependants ?? [];
  const health = sale.health ?? null;
  const yesNo = (value: boolean | null) => (value === null ? '—' : word(value ? 'yes' : 'no'));
  const persons = [
    { nombre: sale.buyer.nombre, rut: sale.buyer.rut, kin: word('holder'), born: '—' },
    ...dependants.map((dependant) => ({
      nombre: dependant.nombre,
      rut: dependant.rut,
      kin: `${dependant.parentesco ?? '—'} · ${dependant.sexo ?? '—'} · ${dependant.edad ?? '—'}`,
      born: dependant.fechaNacimiento,
    })),
  ];
  return (
    <Table size="small" aria-label={word('title')} data-testid="sale-family">
      <TableHead>
        <TableRow>
          <TableCell>{word('name')}</TableCell>
          <TableCell>{word('rut')}</TableCell>
          <TableCell>{word('kin')}</TableCell>
          <TableCell>{word('birthDate')}</TableCell>
          {health && (
            <>
              <TableCell>{word('preexisting')}</TableCell>
              <TableCell>{word('pregnant')}</TableCell>
              <TableCell>{word('weightKg')}</TableCell>
              <TableCell>{word('heightCm')}</TableCell>
            </>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {persons.map((person, index) => {
          const answers = health?.[index];
          return (
            <TableRow key={index}>
              <TableCell>{person.nombre}</TableCell>
              <TableCell>{person.rut}</TableCell>
              <TableCell>{person.kin}</TableCell>
              <TableCell>{person.born}</TableCell>
              {health && (
                <>
                  <TableCell>
                    {answers ? yesNo(answers.preexisting) : '—'}
                    {answers?.preexistingDetail ? `: ${answers.preexistingDetail}` : ''}
                  </TableCell>
                  <TableCell>{answers ? yesNo(answers.pregnant) : '—'}</TableCell>
                  <TableCell>{answers?.weightKg ?? '—'}</TableCell>
                  <TableCell>{answers?.heightCm ?? '—'}</TableCell>
                </>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

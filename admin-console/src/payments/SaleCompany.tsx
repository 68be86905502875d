import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { canAccess } from '../access';
import { Details, Item } from '../Details';
import { usePermissionList } from '../usePermissionList';

type CompanySale = SaleRecord & { company: NonNullable<SaleRecord['company']> };

export const isCompanySale = (sale: SaleRecord): sale is CompanySale => !!sale.company;

/**
 * A company's purchase (issue 14): the company as the buyer typed it ('Datos empresa'), its contact (the
 * buyer), the policy the payment opened (a link to the policy's page, where its people are accepted), and
 * the collaborators the sale insured, as the rows module judged them.
 */
export function SaleCompany({ sale }: { sale: CompanySale }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const permissions = usePermissionList();
  const word = (name: string, options?: object) => translate(`cubre.payments.company.${name}`, options);
  const { company } = sale;
  const collaborators = sale.collaborators ?? [];
  const policyPath = createPath({ resource: 'policies', id: company.policyId, type: 'show' });
  return (
    <>
      <Details label={word('title')}>
        <Item label={word('rut')}>{company.rut}</Item>
        <Item label={word('razonSocial')}>{company.razonSocial}</Item>
        <Item label={word('giro')}>{company.giro}</Item>
        <Item label={word('address')}>{`${company.direccion}, ${company.comuna}`}</Item>
        <Item label={word('contact')}>
          {`${sale.buyer.nombre} · `}
          <a href={`mailto:${sale.buyer.email}`}>{sale.buyer.email}</a>
          {' · '}
          <a href={`tel:${sale.buyer.telefono}`}>{sale.buyer.telefono}</a>
        </Item>
        <Item label={word('policy')}>
          {/* The policy exists once the payment went through: before that the link would be a 404. */}
          {sale.state === 'OK' && canAccess(permissions, 'policies', 'show') ? (
            <Button component={Link} to={policyPath} variant="outlined" size="small">
              {word('openPolicy', { id: company.policyId })}
            </Button>
          ) : (
            company.policyId
          )}
        </Item>
        <Item label={word('count')}>{String(collaborators.length)}</Item>
      </Details>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {word('collaborators')}
      </Typography>
      <Table size="small" aria-label={word('collaborators')}>
        <TableHead>
          <TableRow>
            <TableCell>{word('name')}</TableCell>
            <TableCell>{word('legalId')}</TableCell>
            <TableCell>{word('birthDate')}</TableCell>
            <TableCell>{word('gender')}</TableCell>
            <TableCell>{word('email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {collaborators.map((row) => (
            <TableRow key={row.legalId}>
              <TableCell>
                {[row.name, row.paternalSurname, row.maternalSurname].filter(Boolean).join(' ')}
              </TableCell>
              <TableCell>{row.legalId}</TableCell>
              <TableCell>{`${row.birthDate} (${row.age})`}</TableCell>
              <TableCell>{row.gender}</TableCell>
              <TableCell>{row.email ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

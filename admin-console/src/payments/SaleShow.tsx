import { Card, CardContent, Stack, Typography } from '@mui/material';
import { ShowBase, Title, useShowContext, useTranslate } from 'react-admin';
import type { SaleRecord } from '@cubre/schemas/payments/adminRecords';
import { useDateLocale } from '../i18n/dateLocale';
import { Details, Item } from '../Details';
import { Money } from './Money';
import { PaymentsOfSale } from './PaymentsOfSale';
import { SaleHistory } from './SaleHistory';
import { SaleCompany, isCompanySale } from './SaleCompany';
import { SaleFamily } from './SaleFamily';
import { StateChip } from './StateChip';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function SaleDetails() {
  const translate = useTranslate();
  const locale = useDateLocale();
  const { record: sale } = useShowContext<SaleRecord>();
  if (!sale) return null;
  const field = (name: string) => translate(`resources.sales.fields.${name}`);
  const date = (iso: string) => new Date(iso).toLocaleString(locale);
  const sale_ = translate('cubre.payments.sections.sale');
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={`${translate('resources.sales.name', { smart_count: 1 })} ${sale.productName}`} />
      <Section title={sale_}>
        <Details label={sale_}>
          <Item label={field('state')}>
            <StateChip state={sale.state} />
          </Item>
          <Item label={field('amount')}>
            <span data-testid="sale-amount">
              <Money value={sale.amount} />
            </span>
          </Item>
          <Item label={field('formatted')}>{sale.formatted}</Item>
          <Item label={field('paymentMethod')}>
            {translate(`cubre.payments.methods.${sale.paymentMethod}`, { _: sale.paymentMethod })}
          </Item>
          <Item label={field('provider')}>{sale.provider}</Item>
          <Item label={field('createdAt')}>{date(sale.createdAt)}</Item>
          <Item label={field('updatedAt')}>{date(sale.updatedAt)}</Item>
          <Item label={field('id')}>{sale.id}</Item>
        </Details>
      </Section>
      <Section title={translate('cubre.payments.sections.buyer')}>
        <Details label={translate('cubre.payments.sections.buyer')}>
          <Item label={field('buyer.nombre')}>{sale.buyer.nombre}</Item>
          <Item label={field('buyer.rut')}>{sale.buyer.rut}</Item>
          <Item label={field('buyer.email')}>
            <a href={`mailto:${sale.buyer.email}`}>{sale.buyer.email}</a>
          </Item>
          <Item label={field('buyer.telefono')}>
            <a href={`tel:${sale.buyer.telefono}`}>{sale.buyer.telefono}</a>
          </Item>
        </Details>
      </Section>
      {isCompanySale(sale) && (
        <Section title={translate('cubre.payments.company.title')}>
          <SaleCompany sale={sale} />
        </Section>
      )}
      {((sale.dependants?.length ?? 0) > 0 || sale.health) && (
        <Section title={translate('cubre.payments.family.title')}>
          <SaleFamily sale={sale} />
        </Section>
      )}
      <Section title={translate('cubre.payments.sections.product')}>
        <Details label={translate('cubre.payments.sections.product')}>
          <Item label={field('productName')}>
            {sale.productName} ({sale.productCode})
          </Item>
          <Item label={field('organizationName')}>
            {sale.organizationName} ({sale.organizationCode})
          </Item>
          <Item label={field('country')}>
            {translate(`cubre.countries.${sale.country}`, { _: sale.country })}
          </Item>
        </Details>
      </Section>
      <Section title={translate('cubre.payments.payments_of_sale')}>
        <PaymentsOfSale />
      </Section>
      <Section title={translate('cubre.payments.history.title')}>
        <SaleHistory saleId={String(sale.id)} />
      </Section>
    </Stack>
  );
}

/**
 * A sale: its state and amount, the buyer, a company's purchase (its company, collaborators and policy),
 * the product, and every payment tried on it.
 */
export default function SaleShow() {
  return (
    <ShowBase>
      <SaleDetails />
    </ShowBase>
  );
}

import { useFormContext } from 'react-hook-form';
import { NumberInput, SelectInput, TextInput } from 'react-admin';
import { COUNTRY_CODES } from '@cubre/schemas/countries';
import { PAYMENT_METHODS, PAYMENT_PROVIDERS } from '@cubre/schemas/payments/lists';
import { CURRENCIES } from '@cubre/schemas/payments/minorUnits';
import { dayRangeInputs } from '../DayRangeInputs';
import { AMOUNT_FROM, AMOUNT_UNTIL, amountError } from './amounts';

const validAmount = (value: unknown, values: { currency?: unknown }) => amountError(value, values.currency);
/** react-admin's filter form hides every helper text; an amount's refusal must be read, so it shows. */
const SHOW_ERROR = { '& .MuiFormHelperText-root.Mui-error': { display: 'block' } };

/** Seed codes offered as they are (OK, FAIL…: what providers and the back office call them). */
const codes = (values: readonly string[]) => values.map((id) => ({ id, name: id }));

export const stateInput = (resource: 'sales' | 'payments', states: readonly string[]) => (
  <SelectInput
    key="state"
    source="state"
    choices={codes(states)}
    label={`resources.${resource}.fields.state`}
    alwaysOn
  />
);

export const methodInput = (source: 'paymentMethod' | 'method', resource: 'sales' | 'payments') => (
  <SelectInput
    key={source}
    source={source}
    choices={PAYMENT_METHODS.map((id) => ({ id, name: `cubre.payments.methods.${id}` }))}
    label={`resources.${resource}.fields.${source}`}
  />
);

export const providerInput = (resource: 'sales' | 'payments') => (
  <SelectInput
    key="provider"
    source="provider"
    choices={codes(PAYMENT_PROVIDERS)}
    label={`resources.${resource}.fields.provider`}
  />
);

export const countryInput = () => (
  <SelectInput
    key="country"
    source="country"
    choices={COUNTRY_CODES.map((id) => ({ id, name: `cubre.countries.${id}` }))}
    label="resources.sales.fields.country"
  />
);

export const textInput = (resource: 'sales' | 'payments', source: string) => (
  <TextInput key={source} source={source} label={`resources.${resource}.fields.${source}`} />
);

/** The currency the amounts are in: a change judges the amounts again (10.5 is dollars, never pesos). */
function CurrencyInput({ source, label }: { source: string; label: string }) {
  const { trigger } = useFormContext();
  return (
    <SelectInput
      source={source}
      label={label}
      choices={codes(CURRENCIES)}
      onChange={() => void trigger([AMOUNT_FROM, AMOUNT_UNTIL])}
    />
  );
}

/**
 * The amount range in major units and the currency it is in; the data provider turns it into the API's
 * minor-unit filters (amounts.ts). CLP takes whole pesos, the others cents: anything else is shown as the
 * input's error and the list is not filtered by it (never rounded).
 */
export const amountInputs = (resource: 'sales' | 'payments') => [
  <CurrencyInput key="currency" source="currency" label={`resources.${resource}.fields.currency`} />,
  <NumberInput
    key={AMOUNT_FROM}
    source={AMOUNT_FROM}
    min={0}
    validate={validAmount}
    sx={SHOW_ERROR}
    label={`resources.${resource}.fields.${AMOUNT_FROM}`}
  />,
  <NumberInput
    key={AMOUNT_UNTIL}
    source={AMOUNT_UNTIL}
    min={0}
    validate={validAmount}
    sx={SHOW_ERROR}
    label={`resources.${resource}.fields.${AMOUNT_UNTIL}`}
  />,
];

export const createdInputs = (resource: 'sales' | 'payments') =>
  dayRangeInputs('createdAt', {
    from: `resources.${resource}.fields.createdAt_gte`,
    until: `resources.${resource}.fields.createdAt_lte`,
  });

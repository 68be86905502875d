import { Box } from '@mui/material';
import {
  BooleanInput,
  BulkDeleteButton,
  DeleteButton,
  NumberInput,
  SaveButton,
  Toolbar,
  maxValue,
  minValue,
  number,
  required,
  useRecordContext,
} from 'react-admin';

/** Catalogue writes wait for the server (never stale after one's own write): pessimistic everywhere. */
export const PESSIMISTIC = 'pessimistic' as const;

/** The whole catalogue in one request, as ordered in the console's pickers. */
export const ALL_BY_ORDER = { perPage: 1000, sort: { field: 'order', order: 'ASC' as const } };

export const orderValidation = [required(), number(), minValue(0), maxValue(99_999)];

/** The order and active inputs every catalogue record has. */
export function OrderAndActive() {
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <NumberInput source="order" validate={orderValidation} min={0} />
      <BooleanInput source="active" />
    </Box>
  );
}

/** An optional id on create: the seed's numbers are meaningful (2 Asignado, 330 Recaudación). */
export const IdInput = () => (
  <NumberInput
    source="id"
    min={1}
    helperText="cubre.catalogues.id_help"
    validate={[minValue(1), maxValue(999_999)]}
  />
);

/** Save and delete, the delete waiting for the server and naming what still refers to the record (409). */
export function EditToolbar() {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record ? <DeleteButton mutationMode={PESSIMISTIC} /> : null}
    </Toolbar>
  );
}

export const BulkDelete = () => <BulkDeleteButton mutationMode={PESSIMISTIC} />;

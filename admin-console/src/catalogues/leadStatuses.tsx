import { Box, InputAdornment } from '@mui/material';
import ListAltIcon from '@mui/icons-material/ListAlt';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  Edit,
  List,
  NullableBooleanInput,
  SearchInput,
  SimpleForm,
  TextInput,
  maxLength,
  regex,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { LeadStatus } from '../types';
import { textOn } from '../leads/colour';
import { BulkDelete, EditToolbar, IdInput, OrderAndActive, PESSIMISTIC } from './common';

const COLOUR = /^#[0-9A-Fa-f]{6}$/;

function Swatch({ colour }: { colour: string | undefined }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 20,
        height: 20,
        borderRadius: 0.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: colour && COLOUR.test(colour) ? colour : 'transparent',
      }}
    />
  );
}

/** The status colour as #RRGGBB text with a swatch, plus the browser's colour picker. */
function ColourInput() {
  const translate = useTranslate();
  const colour = useWatch({ name: 'colour' }) as string | undefined;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextInput
        source="colour"
        validate={[required(), regex(COLOUR, 'cubre.catalogues.colour_format')]}
        helperText="cubre.catalogues.colour_help"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Swatch colour={colour} />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextInput
        source="colour"
        type="color"
        label={translate('cubre.catalogues.colour_picker')}
        helperText={false}
        sx={{ width: 120 }}
      />
    </Box>
  );
}

function LeadStatusInputs({ create = false }: { create?: boolean }) {
  return (
    <>
      {create ? <IdInput /> : null}
      <TextInput source="name" validate={[required(), maxLength(80)]} />
      <ColourInput />
      <BooleanInput source="requiresSubStatus" />
      <BooleanInput source="requiresFailureReason" />
      <OrderAndActive />
    </>
  );
}

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <NullableBooleanInput key="active" source="active" />,
];

export function LeadStatusList() {
  return (
    <List filters={filters} sort={{ field: 'order', order: 'ASC' }} perPage={50}>
      <DataTable<LeadStatus> rowClick="edit" bulkActionButtons={<BulkDelete />}>
        <DataTable.Col source="id" />
        <DataTable.Col
          source="name"
          render={(status) => (
            <Box
              component="span"
              sx={{ bgcolor: status.colour, color: textOn(status.colour), px: 1, py: 0.25, borderRadius: 1 }}
            >
              {status.name}
            </Box>
          )}
        />
        <DataTable.Col source="colour" disableSort />
        <DataTable.Col source="requiresSubStatus" field={BooleanField} />
        <DataTable.Col source="requiresFailureReason" field={BooleanField} />
        <DataTable.Col source="order" />
        <DataTable.Col source="active" field={BooleanField} />
      </DataTable>
    </List>
  );
}

export const LeadStatusEdit = () => (
  <Edit mutationMode={PESSIMISTIC} redirect="list">
    <SimpleForm toolbar={<EditToolbar />}>
      <LeadStatusInputs />
    </SimpleForm>
  </Edit>
);

export const LeadStatusCreate = () => (
  <Create redirect="list">
    <SimpleForm
      defaultValues={{
        colour: '#9E9E9E',
        requiresSubStatus: false,
        requiresFailureReason: false,
        order: 0,
        active: true,
      }}
    >
      <LeadStatusInputs create />
    </SimpleForm>
  </Create>
);

export const leadStatuses = {
  list: LeadStatusList,
  edit: LeadStatusEdit,
  create: LeadStatusCreate,
  icon: ListAltIcon,
  recordRepresentation: 'name',
};

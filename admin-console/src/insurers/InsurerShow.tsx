import { Typography } from '@mui/material';
import {
  maxValue,
  minValue,
  NumberInput,
  number,
  required,
  ShowBase,
  Title,
  useShowContext,
  useTranslate,
} from 'react-admin';
import type { InsurerRecord } from '@cubre/schemas/insurers/settings';
import { hasPermission } from '../access';
import { Details, Item } from '../Details';
import { usePermissionList } from '../usePermissionList';
import { SettingCard } from './SettingCard';

const dayValidation = [required(), number(), minValue(1), maxValue(31)];
const daysValidation = [required(), number(), minValue(0), maxValue(365)];
const RETROACTIVE = [
  'activationDaysBack',
  'activationDaysForward',
  'cancellationDaysBack',
  'cancellationDaysForward',
] as const;

function InsurerSettings() {
  const translate = useTranslate();
  const permissions = usePermissionList();
  const { record: insurer, refetch } = useShowContext<InsurerRecord>();
  if (!insurer) return null;
  const field = (name: string) => translate(`resources.insurers.fields.${name}`);
  /** A value, with "(por defecto)" after it when the insurer never set it. */
  const valueOf = (value: number, isDefault: boolean) =>
    isDefault ? (
      <>
        {value}{' '}
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
          {translate('cubre.insurers.default')}
        </Typography>
      </>
    ) : (
      value
    );
  return (
    <>
      <Title title={insurer.displayName} />
      <Details label={insurer.displayName}>
        <Item label={field('displayName')}>{insurer.displayName}</Item>
        <Item label={field('id')}>{insurer.id}</Item>
        <Item label={field('type')}>{insurer.type}</Item>
        <Item label={field('country')}>{insurer.country}</Item>
      </Details>
      <SettingCard
        title={translate('cubre.insurers.operation_day')}
        code={insurer.id}
        path="dia-de-corte"
        canEdit={hasPermission(permissions, 'admin:insurer:update-cutting-day')}
        values={{ operationDay: insurer.operationDay, revision: insurer.revision }}
        onSaved={refetch}
        view={
          <Details label={translate('cubre.insurers.operation_day')}>
            <Item label={field('operationDay')}>
              {valueOf(insurer.operationDay, insurer.operationDayIsDefault)}
            </Item>
          </Details>
        }
        inputs={
          <NumberInput
            source="operationDay"
            validate={dayValidation}
            min={1}
            max={31}
            helperText="cubre.insurers.operation_day_help"
          />
        }
      />
      <SettingCard
        title={translate('cubre.insurers.retroactive_days')}
        code={insurer.id}
        path="dias-retroactivos"
        canEdit={hasPermission(permissions, 'admin:insurer:update-retroactive-days')}
        values={{
          ...Object.fromEntries(RETROACTIVE.map((name) => [name, insurer[name]])),
          revision: insurer.revision,
        }}
        onSaved={refetch}
        view={
          <Details label={translate('cubre.insurers.retroactive_days')}>
            {RETROACTIVE.map((name) => (
              <Item key={name} label={field(name)}>
                {valueOf(insurer[name], insurer.retroactiveDaysAreDefault)}
              </Item>
            ))}
          </Details>
        }
        inputs={RETROACTIVE.map((name) => (
          <NumberInput key={name} source={name} validate={daysValidation} min={0} max={365} />
        ))}
      />
    </>
  );
}

/** One insurer: its operation day and its retroactive days, each edited under its own permission. */
export default function InsurerShow() {
  return (
    <ShowBase>
      <InsurerSettings />
    </ShowBase>
  );
}

import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { MOVEMENT_FILTERS, movementFilter, type MovementFilter } from './lists';

/**
 * The employee list's ALTAS / BAJAS / TODAS (002-4.09) as tabs over the list's filter: a tab keeps every
 * other filter and sets only `movement` (TODAS removes it).
 */
export function MovementTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current: MovementFilter = MOVEMENT_FILTERS.includes(filterValues.movement)
    ? filterValues.movement
    : 'TODAS';
  const choose = (movement: MovementFilter) => {
    const { movement: _ignored, ...others } = filterValues as Record<string, unknown>;
    setFilters({ ...others, ...movementFilter(movement) }, displayedFilters);
  };
  return (
    <Tabs
      value={current}
      onChange={(_, movement: MovementFilter) => choose(movement)}
      aria-label={translate('cubre.groupInsurance.employees.movements')}
      sx={{ px: 1 }}
    >
      {MOVEMENT_FILTERS.map((movement) => (
        <Tab key={movement} value={movement} label={movement} data-movement={movement} />
      ))}
    </Tabs>
  );
}

import { Button, Stack } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { MOVEMENT_FILTERS, movementFilter, type MovementFilter } from './lists';

/**
 * The employee list's ALTAS / BAJAS / TODAS (002-4.09) over the list's filter: a choice keeps every other
 * filter and sets only `movement` (TODAS removes it). Toggle buttons (aria-pressed) rather than MUI's Tabs,
 * which would add their own ~10 kB to the console's first download.
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
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-label={translate('cubre.groupInsurance.employees.movements')}
      sx={{ px: 2, py: 1 }}
    >
      {MOVEMENT_FILTERS.map((movement) => (
        <Button
          key={movement}
          size="small"
          variant={movement === current ? 'contained' : 'outlined'}
          aria-pressed={movement === current}
          data-movement={movement}
          onClick={() => choose(movement)}
        >
          {movement}
        </Button>
      ))}
    </Stack>
  );
}

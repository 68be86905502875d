import { DateInput } from 'react-admin';
import { endOfLocalDay, localDayOf, startOfLocalDay } from './dates';

/**
 * The `{field}_gte` / `{field}_lte` filter pair of a list as two local-day pickers: "from" sends the
 * start of the picked day, "until" its last millisecond (dates.ts), so a range includes both ends.
 */
export function dayRangeInputs(
  field: string,
  labels: { from: string; until: string },
  options: { alwaysOn?: boolean } = {},
) {
  return [
    <DateInput
      key={`${field}_gte`}
      source={`${field}_gte`}
      label={labels.from}
      alwaysOn={options.alwaysOn}
      format={localDayOf}
      parse={(value: string) => (value ? startOfLocalDay(value) : value)}
    />,
    <DateInput
      key={`${field}_lte`}
      source={`${field}_lte`}
      label={labels.until}
      alwaysOn={options.alwaysOn}
      format={localDayOf}
      parse={(value: string) => (value ? endOfLocalDay(value) : value)}
    />,
  ];
}

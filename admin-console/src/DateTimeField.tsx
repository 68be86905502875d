import { DateField, type DateFieldProps } from 'react-admin';
import { useDateLocale } from './i18n/dateLocale';

/** react-admin's DateField in the console language's regional format (not the browser's). */
export function DateTimeField(props: DateFieldProps) {
  return <DateField locales={useDateLocale()} {...props} />;
}

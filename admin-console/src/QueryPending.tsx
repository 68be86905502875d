import { Alert, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * What a panel shows while its own query (a history, a timeline) is on its way or failed: a spinner, or the
 * error in the console's words; nothing once the data is there (`null`: the panel draws it).
 */
export function QueryPending({ isPending, error }: { isPending: boolean; error: unknown }) {
  const translate = useTranslate();
  if (isPending) return <CircularProgress size={24} aria-label={translate('ra.page.loading')} />;
  if (error)
    return (
      <Alert severity="error">
        {error instanceof Error ? translate(error.message, { _: error.message }) : ''}
      </Alert>
    );
  return null;
}

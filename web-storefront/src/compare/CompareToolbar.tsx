import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Snackbar from '@mui/material/Snackbar';
import Switch from '@mui/material/Switch';
import { saveShortLink } from '../api/comparatorLinks';
import { SNACKBAR_MS } from '../domain/shell/snackbar';
import { useI18n } from '../i18n/I18nProvider';

type Share = { status: 'idle' | 'saving' | 'failed' } | { status: 'saved'; shortUrl: string };

/**
 * 'Solo diferencias', 'Compartir' (the table's address saved as a short link, 000-2.29, shown and
 * copied: a snackbar says so for 2 s, 001-9.06; 'Copiar' copies it again) and 'Imprimir' (the print style
 * in compare.css keeps only the table).
 */
export function CompareToolbar({
  onlyDifferences,
  onOnlyDifferences,
  address,
}: {
  onlyDifferences: boolean;
  onOnlyDifferences(value: boolean): void;
  /** The table's own address (path and query): what a shared link brings back. */
  address: string;
}) {
  const { t } = useI18n();
  const [share, setShare] = useState<Share>({ status: 'idle' });
  const [copied, setCopied] = useState(false);
  const copy = async (shortUrl: string) => {
    // Copying may be refused (no permission, an insecure page): the link stays on screen, with 'Copiar'.
    if (!navigator.clipboard) return;
    await navigator.clipboard.writeText(shortUrl);
    setCopied(true);
  };
  const save = () => {
    setShare({ status: 'saving' });
    saveShortLink(address)
      .then(({ shortUrl }) => {
        setShare({ status: 'saved', shortUrl });
        return copy(shortUrl);
      })
      .catch(() => setShare((current) => (current.status === 'saved' ? current : { status: 'failed' })));
  };
  return (
    <>
      <div className="cubre-compare-toolbar">
        <FormControlLabel
          control={
            <Switch
              checked={onlyDifferences}
              onChange={(event) => onOnlyDifferences(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'only-differences' } as object }}
            />
          }
          label={t('compare.only')}
        />
        <Button variant="outlined" onClick={save} disabled={share.status === 'saving'} data-testid="share">
          {t('compare.share')}
        </Button>
        <Button variant="outlined" onClick={() => window.print()} data-testid="print">
          {t('compare.print')}
        </Button>
      </div>
      {share.status === 'saved' && (
        <p className="cubre-compare-share" role="status">
          {t('compare.link')}:{' '}
          <a href={share.shortUrl} data-testid="share-link">
            {share.shortUrl}
          </a>{' '}
          <Button size="small" onClick={() => copy(share.shortUrl).catch(() => undefined)}>
            {t('compare.copy')}
          </Button>
        </p>
      )}
      <Snackbar
        open={copied}
        autoHideDuration={SNACKBAR_MS}
        onClose={(_event, reason) => reason !== 'clickaway' && setCopied(false)}
        message={t('compare.copied')}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ content: { 'data-testid': 'snackbar' } as object }}
      />
      {share.status === 'failed' && (
        <p className="cubre-compare-share" role="alert">
          {t('compare.shareError')}
        </p>
      )}
    </>
  );
}

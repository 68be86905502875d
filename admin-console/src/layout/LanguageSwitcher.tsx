import { useEffect, useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/**
 * The language switcher: Spanish by default, English available. react-admin's own LocalesMenuButton has an
 * empty aria-label; this one names what it does and which language is on.
 */
export function LanguageSwitcher() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The page's language follows the console's wherever it comes from: a choice here, or the one kept
  // from an earlier visit (index.html always says 'es').
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const current = locales.find((entry) => entry.locale === locale);
  if (locales.length < 2) return null;
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'cubre-language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={translate('cubre.language.switch', { language: current?.name ?? locale })}
        onClick={open}
      >
        {current?.name ?? locale}
      </Button>
      <Menu id="cubre-language-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {locales.map((entry) => (
          <MenuItem
            key={entry.locale}
            lang={entry.locale}
            selected={entry.locale === locale}
            onClick={() => {
              setLocale(entry.locale);
              setAnchor(null);
            }}
          >
            {entry.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { lazyWithWords } from '../i18n/lazyWithWords';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BellIcon, MenuGlyph } from './icons';
import { api } from '../api/client';
import type { MenuItem as MenuEntry } from '../api/types';
import { SITE, type Language } from '../app/config';
import { isUnread, markOpened, readLastOpened } from '../domain/shell/notifications';
import { languageHome, withLanguage } from '../domain/routing/language';
import { menuName } from '../domain/shell/menuNames';
import { askPageToOpenProfile, OPEN_PROFILE_STATE } from '../domain/routing/profileRequest';
import { useI18n } from '../i18n/I18nProvider';
import { MOBILE_QUERY } from '../app/theme';
import { useHideOnScroll } from './useHideOnScroll';

// Menus, drawer and popovers load on first use: the first page's JavaScript has a budget (issue 4).
const HeaderPopups = lazyWithWords(() => import('./HeaderPopups'));

export const HEADER_HEIGHT = 75;

function useMenu() {
  const [menu, setMenu] = useState<{ items: MenuEntry[]; failed: boolean }>({ items: [], failed: false });
  useEffect(() => {
    api<MenuEntry[]>('/api/menu')
      .then((items) => setMenu({ items, failed: false }))
      .catch((error: unknown) => {
        console.error('menu', error);
        setMenu({ items: [], failed: true });
      });
  }, []);
  return menu;
}

/** The last notification opened, where the bell's read state is kept (001-4.01); none when storage is refused. */
function readStored(): string | null {
  try {
    return readLastOpened(window.localStorage);
  } catch {
    return null;
  }
}

/**
 * The bar's links keep their width: squeezed by a long menu, a button let its label spill over the next
 * one (at 1,366 px 'PORTAL CLIENTES' ran into 'CONTACTO'). Sentence case, as the menu, is also narrower.
 */
const LINK_STYLE = {
  whiteSpace: 'nowrap',
  textTransform: 'none',
  fontSize: 13,
  px: 1,
  flexShrink: 0,
} as const;

/**
 * The fixed header (001-1.01, 001 §2.3): logo, category menu from the API, contact and portal links,
 * language, bell. The portal dialog (the drawer on narrow screens) also holds the profile menu, which
 * opens the comparator's profile modal (001-2.28): the bar has no width left for another item.
 */
export function Header({ path }: { path: string }) {
  const { t, tOr, lang } = useI18n();
  const navigate = useNavigate();
  const menu = useMenu();
  // The menu breakpoint (000-9.24): from 1,200 px the whole bar fits, its items sized for it.
  const narrow = useMediaQuery('(max-width:1199px)', { noSsr: true });
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const [drawer, setDrawer] = useState(false);
  const [open, setOpen] = useState<{ anchor: HTMLElement; item: MenuEntry } | null>(null);
  const [bell, setBell] = useState<HTMLElement | null>(null);
  const [langAnchor, setLangAnchor] = useState<HTMLElement | null>(null);
  const [portals, setPortals] = useState(false);
  const [lastOpened, setLastOpened] = useState(readStored);
  const message = t('notification.message');
  const unread = isUnread(lastOpened, message);
  const home = languageHome(lang);
  const prefix = lang === 'es' ? '' : `/${lang}`;
  const popupsWanted = Boolean(open || drawer || bell || langAnchor || portals);
  // On mobile the header hides while scrolling down and returns on the way up, unless a menu is open.
  const hidden = useHideOnScroll(mobile && !popupsWanted, HEADER_HEIGHT);

  // Menus close at every navigation (001-2.13).
  useEffect(() => {
    setOpen(null);
    setDrawer(false);
  }, [path]);

  const openBell = (event: MouseEvent<HTMLElement>) => {
    setBell(event.currentTarget);
    // A storage failure is only logged (001-8.14): the badge clears for this visit anyway.
    // Through a wrapper: touching localStorage itself throws where storage is refused (private mode).
    markOpened({ setItem: (key, value) => window.localStorage.setItem(key, value) }, message, console.warn);
    setLastOpened(message);
  };
  const openProfile = () => {
    if (!askPageToOpenProfile(window))
      navigate(withLanguage(lang, SITE.defaultPath), { state: OPEN_PROFILE_STATE });
  };
  const changeLanguage = (next: Language) => {
    setLangAnchor(null);
    setDrawer(false);
    // The visitor stays on the page, filters, order and page number included (issue 11 overrides
    // 001-4.23's reload to / or /{lang}): the same address under the other language's prefix.
    const { pathname, search, hash } = window.location;
    navigate(withLanguage(next, `${pathname}${search}${hash}`));
  };

  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 1100,
        height: HEADER_HEIGHT,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        bgcolor: 'background.paper',
        boxShadow: 1,
        transform: hidden ? `translateY(-${HEADER_HEIGHT}px)` : 'none',
        transition: 'transform 200ms ease',
      }}
      data-hidden={hidden}
      data-testid="header"
    >
      <Toolbar sx={{ gap: 0.5, px: { sm: 2 } }}>
        <Box
          component={RouterLink}
          to={home}
          aria-label={t('header.home')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            textDecoration: 'none',
            color: 'primary.main',
            mr: 1,
          }}
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <Typography component="span" variant="h6" sx={{ fontWeight: 900 }}>
            Cubre
          </Typography>
        </Box>
        {menu.failed && (
          <Typography color="error" data-testid="menu-error">
            {t('header.menuError')}
          </Typography>
        )}
        {!narrow && (
          <Box component="nav" aria-label={t('header.menu')} sx={{ display: 'flex', flex: 1 }}>
            {menu.items.map((item) => (
              <Button
                key={item.id}
                sx={{ whiteSpace: 'nowrap', fontSize: 13, px: 0.75, textTransform: 'none', flexShrink: 0 }}
                color="inherit"
                aria-haspopup={item.categories.length > 0 ? 'menu' : undefined}
                onClick={(event: MouseEvent<HTMLElement>) =>
                  item.categories.length > 0 ? setOpen({ anchor: event.currentTarget, item }) : undefined
                }
                component={item.categories.length > 0 ? 'button' : RouterLink}
                to={item.categories.length > 0 ? undefined : `${prefix}${item.url}`}
              >
                {menuName(item, 0, tOr)}
              </Button>
            ))}
          </Box>
        )}
        {narrow && <Box sx={{ flex: 1 }} />}
        {!narrow && (
          <>
            <Button sx={LINK_STYLE} component={RouterLink} to={`${prefix}/contacto`} color="inherit">
              {t('header.contact')}
            </Button>
            {SITE.portalLink === 'page' ? (
              <Button sx={LINK_STYLE} component={RouterLink} to={`${prefix}/portal-clientes`} color="inherit">
                {t('header.portal')}
              </Button>
            ) : (
              <Button sx={LINK_STYLE} color="inherit" aria-haspopup="dialog" onClick={() => setPortals(true)}>
                {t('header.portal')}
              </Button>
            )}
          </>
        )}
        {SITE.languages.length > 1 && (
          <>
            <Button
              color="inherit"
              sx={{ minWidth: 0, px: 1, flexShrink: 0 }}
              onClick={(event) => setLangAnchor(event.currentTarget)}
              aria-label={`${lang.toUpperCase()}, ${t('header.language')}`}
              data-testid="language"
            >
              {lang.toUpperCase()}
            </Button>
          </>
        )}
        <IconButton
          aria-label={unread ? `${t('header.notifications')} +1` : t('header.notifications')}
          onClick={openBell}
          data-testid="bell"
        >
          <BellIcon />
          {unread && (
            <Box
              component="span"
              data-testid="bell-badge"
              sx={{
                position: 'absolute',
                top: 2,
                right: 0,
                bgcolor: 'secondary.main',
                color: '#fff',
                borderRadius: 8,
                px: 0.6,
                fontSize: 11,
                fontWeight: 700,
                lineHeight: '16px',
              }}
            >
              +1
            </Box>
          )}
        </IconButton>
        {narrow && (
          <IconButton aria-label={t('header.openMenu')} onClick={() => setDrawer(true)} edge="end">
            <MenuGlyph />
          </IconButton>
        )}
      </Toolbar>
      {popupsWanted && (
        <Suspense fallback={null}>
          <HeaderPopups
            menu={menu.items}
            prefix={prefix}
            categoryMenu={open}
            onCloseCategoryMenu={() => setOpen(null)}
            drawer={drawer}
            onCloseDrawer={() => setDrawer(false)}
            onProfile={openProfile}
            bell={bell}
            onCloseBell={() => setBell(null)}
            message={message}
            langAnchor={langAnchor}
            onCloseLanguage={() => setLangAnchor(null)}
            onLanguage={changeLanguage}
            portals={portals}
            onClosePortals={() => setPortals(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}

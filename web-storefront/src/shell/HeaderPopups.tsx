import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { MenuItem as MenuEntry } from '../api/types';
import { SITE, type Language } from '../app/config';
import { menuClosesOnClick } from '../domain/shell/menuClose';
import { menuName } from '../domain/shell/menuNames';
import { useI18n } from '../i18n/I18nProvider';
import { PortalCards } from './PortalCards';

/**
 * The header's overlays (001 §2.3): category menu, mobile drawer, notification and language menus, and the
 * customer portals' dialog (001-2.27).
 */
export default function HeaderPopups(props: {
  menu: MenuEntry[];
  prefix: string;
  categoryMenu: { anchor: HTMLElement; item: MenuEntry } | null;
  onCloseCategoryMenu(): void;
  drawer: boolean;
  onCloseDrawer(): void;
  /** The profile menu (001-2.28): an entry of the portal dialog, and of the drawer on narrow screens. */
  onProfile(): void;
  bell: HTMLElement | null;
  onCloseBell(): void;
  message: string;
  langAnchor: HTMLElement | null;
  onCloseLanguage(): void;
  onLanguage(language: Language): void;
  portals: boolean;
  onClosePortals(): void;
}) {
  const { t, tOr, lang } = useI18n();
  const { prefix } = props;
  return (
    <>
      <Dialog
        open={props.portals}
        onClose={props.onClosePortals}
        maxWidth="lg"
        fullWidth
        aria-labelledby="portals-title"
        aria-describedby="portals-subtitle"
      >
        <DialogTitle id="portals-title" component="h2" sx={{ fontWeight: 800, pr: 7 }}>
          {t('portal.title')}
        </DialogTitle>
        <IconButton
          aria-label={t('common.close')}
          onClick={props.onClosePortals}
          sx={{ position: 'absolute', right: 12, top: 12 }}
        >
          <span aria-hidden="true">✕</span>
        </IconButton>
        <DialogContent>
          <Typography id="portals-subtitle" sx={{ mb: 3 }}>
            {t('portal.subtitle')}
          </Typography>
          <PortalCards heading="h3" />
          <Button
            sx={{ mt: 2, textTransform: 'none' }}
            onClick={() => {
              props.onClosePortals();
              props.onProfile();
            }}
          >
            {t('header.profile')}
          </Button>
        </DialogContent>
      </Dialog>
      <Popover
        open={Boolean(props.bell)}
        anchorEl={props.bell}
        onClose={props.onCloseBell}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 2, maxWidth: 320 }} data-testid="notification">
          <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
            {t('notification.title')}
          </Typography>
          <Typography variant="body2">{props.message}</Typography>
        </Box>
      </Popover>
      <Menu anchorEl={props.langAnchor} open={Boolean(props.langAnchor)} onClose={props.onCloseLanguage}>
        {SITE.languages.map((language) => (
          <MenuItem
            key={language}
            selected={language === lang}
            onClick={() => props.onLanguage(language)}
            lang={language}
          >
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
      <Menu
        anchorEl={props.categoryMenu?.anchor}
        open={Boolean(props.categoryMenu)}
        onClose={props.onCloseCategoryMenu}
        // 001-4.05: a click 380 px or more from the top, or outside the submenu, closes it.
        onClick={(event: React.MouseEvent) => {
          const insideSubmenu = (event.target as Element).closest?.('[role="menu"]') != null;
          if (menuClosesOnClick({ clientY: event.clientY, insideSubmenu })) props.onCloseCategoryMenu();
        }}
      >
        {props.categoryMenu?.item.categories.flatMap((category) => [
          <MenuItem
            key={category.id}
            component={RouterLink}
            to={`${prefix}${category.url}`}
            sx={{ fontWeight: 700 }}
          >
            {menuName(category, 1, tOr)}
          </MenuItem>,
          ...category.categories.map((sub) => (
            <MenuItem key={sub.id} component={RouterLink} to={`${prefix}${sub.url}`} sx={{ pl: 4 }}>
              {menuName(sub, 2, tOr)}
            </MenuItem>
          )),
        ])}
      </Menu>
      <Drawer anchor="right" open={props.drawer} onClose={props.onCloseDrawer}>
        <Box component="nav" aria-label={t('header.menu')} sx={{ width: 300 }}>
          <List>
            {props.menu.flatMap((item) => [
              <ListItemText
                key={`${item.id}-h`}
                primary={menuName(item, 0, tOr)}
                sx={{ px: 2, pt: 1, fontWeight: 700 }}
              />,
              ...item.categories.map((category) => (
                <ListItemButton key={category.id} component={RouterLink} to={`${prefix}${category.url}`}>
                  <ListItemText primary={menuName(category, 1, tOr)} />
                </ListItemButton>
              )),
            ])}
            <ListItemButton component={RouterLink} to={`${prefix}/contacto`}>
              <ListItemText primary={t('header.contact')} />
            </ListItemButton>
            <ListItemButton component={RouterLink} to={`${prefix}/portal-clientes`}>
              <ListItemText primary={t('header.portal')} />
            </ListItemButton>
            <ListItemButton
              onClick={() => {
                props.onCloseDrawer();
                props.onProfile();
              }}
            >
              <ListItemText primary={t('header.profile')} />
            </ListItemButton>
            {SITE.languages.length > 1 && (
              // The language on a phone: the bar has no room left (001-2.20, issue 11).
              <Box role="group" aria-labelledby="drawer-language" data-testid="drawer-language">
                <Typography id="drawer-language" sx={{ px: 2, pt: 2, fontWeight: 700 }}>
                  {t('header.language')}
                </Typography>
                <List disablePadding>
                  {SITE.languages.map((language) => (
                    <ListItemButton
                      key={language}
                      selected={language === lang}
                      aria-current={language === lang ? 'true' : undefined}
                      onClick={() => props.onLanguage(language)}
                      lang={language}
                    >
                      <ListItemText primary={t(`language.${language}`)} />
                    </ListItemButton>
                  ))}
                </List>
              </Box>
            )}
          </List>
        </Box>
      </Drawer>
    </>
  );
}

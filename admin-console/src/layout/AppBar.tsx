import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  Logout,
  UserMenu,
  useGetIdentity,
  useNavigate,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { CHANGE_PASSWORD_PATH } from '../authProvider';
import { LanguageSwitcher } from './LanguageSwitcher';

const ChangePasswordItem = forwardRef<HTMLLIElement>(function ChangePasswordItem(props, ref) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const menu = useUserMenu();
  return (
    <MenuItem
      ref={ref}
      {...props}
      onClick={() => {
        menu?.onClose();
        navigate(CHANGE_PASSWORD_PATH);
      }}
    >
      <ListItemIcon>
        <KeyIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('cubre.password.menu')}</ListItemText>
    </MenuItem>
  );
});

/**
 * react-admin's indicator, its spinner named: the spinner has no name of its own (axe: aria-progressbar-name),
 * and the indicator hands its other props to it.
 */
function NamedLoadingIndicator() {
  const translate = useTranslate();
  const spinner = { 'aria-label': translate('ra.page.loading') } as object;
  return <LoadingIndicator {...spinner} />;
}

/**
 * The user menu is named by the user it opens (its visible text), so its accessible name matches it. On a
 * phone react-admin shows only an icon and reads the label as a translation key, falling back to the
 * English 'Profile': there it gets the key, so the icon is 'Perfil' in Spanish.
 */
export function AppBar() {
  const { identity } = useGetIdentity();
  const showsName = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'));
  return (
    <RaAppBar
      toolbar={
        <>
          <LanguageSwitcher />
          <NamedLoadingIndicator />
        </>
      }
      userMenu={
        <UserMenu label={(showsName && identity?.fullName) || 'ra.auth.user_menu'}>
          <ChangePasswordItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { rememberForceRefresh } from './api/client';
import { routes } from './app/routes';
import { theme } from './app/theme';
import { CompareProvider } from './compare/CompareContext';
import { ProfilesProvider } from './profile/ProfileContext';

rememberForceRefresh(window.location.search);
const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ProfilesProvider>
        <CompareProvider>
          <RouterProvider router={router} />
        </CompareProvider>
      </ProfilesProvider>
    </ThemeProvider>
  </StrictMode>,
);

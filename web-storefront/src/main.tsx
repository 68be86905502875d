import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { rememberForceRefresh } from './api/client';
import { keepFresh } from './app/freshness';
import { routes } from './app/routes';
import { theme } from './app/theme';
import { CompareProvider } from './compare/CompareContext';
import { prefetchComparison } from './comparator/prefetch';
import { ProfilesProvider } from './profile/ProfileContext';

rememberForceRefresh(window.location.search);
// Before React starts: the comparator's data travels while the bundle evaluates and first renders.
prefetchComparison(window.location);
const router = createBrowserRouter(routes);
// A tab open for over 10 hours, or a build the server no longer runs, reloads (001-4.20…4.22).
keepFresh(router);

// The first render as a transition: React yields between slices, so the prefetch's callbacks (the
// comparison call) run while the page is still being built instead of after it.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
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
});

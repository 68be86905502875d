import { createTheme } from '@mui/material/styles';

/** Breakpoints of the site (000-9.24): mobile below 992 px (the seed's 991 px), menu below 1200 px. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } },
  palette: {
    primary: { main: '#0b5394' },
    // #bf360c, not a lighter orange: white text and orange outlines must pass WCAG AA (axe in the e2e run).
    secondary: { main: '#bf360c' },
    success: { main: '#2e7d32' },
    background: { default: '#f4f6f9' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif' },
});
/** `useMediaQuery(MOBILE_QUERY)`: the seed's mobile breakpoint, 991 px. */
export const MOBILE_QUERY = '(max-width:991px)';

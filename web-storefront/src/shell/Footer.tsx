import { lazy, Suspense, useEffect, useRef, useState, Component, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const FooterContent = lazy(() => import('./FooterContent'));

class FooterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? (
      <Typography data-testid="footer-error">Falló carga de Footer</Typography>
    ) : (
      this.props.children
    );
  }
}

/** The footer loads when it nears the viewport (001-2.29, 001-9.02: threshold 0.1, 200% bottom margin). */
export function Footer() {
  const sentinel = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { threshold: 0.1, rootMargin: '0px 0px 200% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box
      component="footer"
      ref={sentinel}
      sx={{ mt: 6, bgcolor: '#0d2a4a', color: '#fff', minHeight: 120, pb: 10 }}
      data-testid="footer"
    >
      {near && (
        <FooterBoundary>
          <Suspense
            fallback={
              <Typography role="status" sx={{ p: 3 }}>
                Cargando…
              </Typography>
            }
          >
            <FooterContent />
          </Suspense>
        </FooterBoundary>
      )}
    </Box>
  );
}

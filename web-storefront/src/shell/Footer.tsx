import { Suspense, useEffect, useRef, useState, Component, type ReactNode } from 'react';
import { lazyWithWords } from '../i18n/lazyWithWords';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/I18nProvider';

const FooterContent = lazyWithWords(() => import('./FooterContent'));

/** 'Falló carga de Footer' (001-2.30) in the page's language. */
function FooterFailed() {
  const { t } = useI18n();
  return <Typography data-testid="footer-error">{t('footer.failed')}</Typography>;
}

class FooterBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <FooterFailed /> : this.props.children;
  }
}

/** The footer loads when it nears the viewport (001-2.29, 001-9.02: threshold 0.1, 200% bottom margin). */
export function Footer() {
  const { t } = useI18n();
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
                {t('footer.loading')}
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

import { Suspense, useRef } from 'react';
import { lazyWithWords } from '../i18n/lazyWithWords';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_QUERY } from '../app/theme';
import Button from '@mui/material/Button';
import type { ResultCard } from '../api/types';
import { useI18n } from '../i18n/I18nProvider';
import { insuredCount, peopleOf } from '../domain/results/insuredPeople';
import { useComparatorContext } from './ComparatorContext';

const PersonsPopover = lazyWithWords(() => import('./PersonsPopover'));
const POPOVER_DELAY_MS = 200;

/**
 * 'para N personas/mascotas' under a profile price, with a popover of who is insured and who is not
 * (000-2.52), and the way to the price explanation (issue 4: factor, base price, GES, totals, 7%).
 */
export function PersonsLine({
  card,
  open,
  onOpenChange,
}: {
  card: ResultCard;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useI18n();
  const { profile, kind } = useComparatorContext();
  const anchor = useRef<HTMLButtonElement>(null);
  const mobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (!card.price.arePricesDefined || !profile || kind === 'collective') return null;
  const people = peopleOf(profile, kind, t('profile.pet'));
  const uninsurable = card.price.uninsurable ?? [];
  const insured = insuredCount(people, uninsurable);
  return (
    <>
      <Button
        ref={anchor}
        size="small"
        sx={{ p: 0, minWidth: 0, textTransform: 'none', textDecoration: 'underline' }}
        onClick={() => onOpenChange(!open)}
        // Hover opens it on desktop after 200 ms (000-4.25, 000-9.07); on mobile only a click does.
        onMouseEnter={() => {
          if (!mobile && !open) hoverTimer.current = setTimeout(() => onOpenChange(true), POPOVER_DELAY_MS);
        }}
        onMouseLeave={() => clearTimeout(hoverTimer.current)}
        aria-expanded={open}
        data-testid="persons-line"
      >
        {t(`card.for${kind === 'pet' ? 'Pet' : 'Person'}${insured === 1 ? '' : 's'}`, { n: insured })}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PersonsPopover
            anchor={anchor.current}
            onClose={() => onOpenChange(false)}
            people={people}
            uninsurable={uninsurable}
            code={card.productCode}
          />
        </Suspense>
      )}
    </>
  );
}

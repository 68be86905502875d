import { Suspense, useState } from 'react';
import { lazyWithWords } from '../i18n/lazyWithWords';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useI18n } from '../i18n/I18nProvider';
import { sexWords, type Person } from '../domain/results/insuredPeople';

const PriceExplanation = lazyWithWords(() => import('./PriceExplanation'));

/** Who the price covers and who it cannot (sex, age in years), and the price explanation on demand. */
export default function PersonsPopover(props: {
  anchor: HTMLElement | null;
  onClose(): void;
  people: Person[];
  uninsurable: Person[];
  code: string;
}) {
  const { t } = useI18n();
  const [explaining, setExplaining] = useState(false);
  const describe = (person: Person) =>
    `${sexWords(person.sexo, t)}, ${t('profile.years', { n: person.edad ?? '' })}`;
  const left = [...props.uninsurable];
  const insurable = props.people.filter((person) => {
    const at = left.findIndex((u) => u.edad === person.edad && u.sexo === person.sexo);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
  return (
    <Popover
      open
      anchorEl={props.anchor}
      onClose={props.onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      // Never wider than the screen: on a phone it ran off the edge (issue 11); a wide table scrolls inside.
      slotProps={{
        paper: { sx: { p: 2, maxWidth: 'min(440px, calc(100vw - 32px))', overflowX: 'auto' } },
      }}
      marginThreshold={16}
    >
      <div data-testid="persons-popover">
        <Typography variant="subtitle2">{t('card.insurable')}</Typography>
        <ul>
          {insurable.map((person, index) => (
            <li key={index}>{describe(person)}</li>
          ))}
        </ul>
        {props.uninsurable.length > 0 && (
          <>
            <Typography variant="subtitle2">{t('card.uninsurable')}</Typography>
            <ul>
              {props.uninsurable.map((person, index) => (
                <li key={index}>{describe(person)}</li>
              ))}
            </ul>
          </>
        )}
        {!explaining && (
          <Button size="small" onClick={() => setExplaining(true)} data-testid="explain-price">
            {t('price.explain')}
          </Button>
        )}
        {explaining && (
          <Suspense fallback={<Typography variant="body2">…</Typography>}>
            <PriceExplanation code={props.code} />
          </Suspense>
        )}
      </div>
    </Popover>
  );
}

import { Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Product } from '../api/types';
import { profileKindOf } from '../domain/profile/profileKind';
import { lazyWithWords } from '../i18n/lazyWithWords';
import { useI18n } from '../i18n/I18nProvider';
import { useProfiles, type ApiProfile } from '../profile/ProfileContext';

const ProfileDialog = lazyWithWords(() => import('../profile/ProfileDialog'));

/**
 * A purchase reached without a profile (a shared link, a card opened before the profile was given): the
 * price it shows is the card's 'Desde', the cheapest age band for one person, and a sale is priced for the
 * people it insures (002-2.08; the server refuses it with `profile_required`). The visitor gives the
 * profile here, in the comparator's own form; the page then prices it as the card would have.
 */
export function ProfileNeeded({ product, profile }: { product: Product; profile: ApiProfile | null }) {
  const { t } = useI18n();
  const profiles = useProfiles();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Alert severity="info" data-testid="purchase-profile-needed">
        {t('purchase.profileNeeded')}{' '}
        <Button size="small" variant="contained" onClick={() => setOpen(true)}>
          {t('purchase.giveProfile')}
        </Button>
      </Alert>
      {open && (
        <Suspense fallback={null}>
          <ProfileDialog
            open
            productType={product.productType}
            kind={profileKindOf(product.productType)}
            initial={profile}
            loaded
            onClose={() => setOpen(false)}
            onSubmit={(submitted) => profiles.setProfileFor(product.productType, submitted)}
          />
        </Suspense>
      )}
    </>
  );
}

import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PROMO_WORDING } from '../domain/results/promo';

/** The company promo (000-5.05…5.09): fixed wording, to the company comparator (000-2.13). */
export function PromoBlock() {
  return (
    <Paper data-testid="company-promo" sx={{ p: 3, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Typography variant="h6" component="p">
        {PROMO_WORDING.title}
      </Typography>
      <Typography sx={{ my: 1 }}>{PROMO_WORDING.text}</Typography>
      <Button component={RouterLink} to={PROMO_WORDING.link} variant="contained" color="secondary">
        {PROMO_WORDING.button}
      </Button>
    </Paper>
  );
}

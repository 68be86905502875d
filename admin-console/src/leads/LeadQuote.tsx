import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDateLocale } from '../i18n/dateLocale';
import type { Lead, LeadProfile } from '../types';

/** The UF value in Chilean pesos, as the storefront writes amounts ('39.688,64'). */
const UF_VALUE = new Intl.NumberFormat('es-CL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 'Masculino, 35 años' for each insured person of the profile, the holder first. */
function peopleOf(profile: LeadProfile, years: (n: number) => string): { role: string; text: string }[] {
  const describe = (sexo: string | undefined, edad: number | undefined) =>
    [sexo, edad === undefined ? undefined : years(edad)].filter(Boolean).join(', ');
  return [
    ...(profile.cotizante ?? []).map((person, index) => ({
      role: index === 0 ? 'holder' : 'partner',
      text: describe(person.sexo, person.edad),
    })),
    ...(profile.cargas ?? []).map((person) => ({
      role: person.parentesco ?? 'dependant',
      text: describe(person.sexo, person.edad),
    })),
    ...(profile.mascota ?? []).map((pet) => ({
      role: 'pet',
      text: describe([pet.especie, pet.raza].filter(Boolean).join(' '), pet.edad),
    })),
  ];
}

/**
 * The quote the visitor saw and the profile that priced it (issue 11), so the executive calls back with the
 * same amount, period and persons as the storefront's card. A lead from before quotes were kept shows the
 * price its page sent, if any.
 */
export function LeadQuote({ lead }: { lead: Lead }) {
  const translate = useTranslate();
  const locale = useDateLocale();
  // A calendar day as the console writes dates ('25-11-2026'), not shifted by the browser's time zone.
  const day = (iso: string) => new Date(`${iso}T12:00:00`).toLocaleDateString(locale);
  const { quote, profile, price } = lead;
  const years = (n: number) => translate('cubre.quote.years', { n });
  const role = (name: string) => translate(`cubre.quote.role.${name}`, { _: name });
  const shownDiffers =
    quote &&
    price &&
    quote.amount !== null &&
    Math.abs(price.value - quote.amount) > 1e-6 * Math.max(1, quote.amount);
  if (!quote && !price && !profile) return null;
  return (
    <Box data-testid="lead-quote" sx={{ display: 'grid', gap: 0.5 }}>
      {quote ? (
        <>
          <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="lead-quote-price">
            {[
              quote.fromProfile ? '' : quote.label,
              quote.formatted,
              quote.amount === null ? '' : quote.suffix,
            ]
              .filter(Boolean)
              .join(' ')}
          </Typography>
          {quote.uf && (
            <Typography variant="caption" data-testid="lead-quote-uf">
              {translate('cubre.quote.uf', {
                uf: quote.uf.text,
                value: UF_VALUE.format(quote.uf.ufValue),
                date: day(quote.uf.date),
              })}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('cubre.quote.pricedOn', { date: day(quote.pricedOn), smart_count: quote.insured })}
          </Typography>
          {quote.uninsurable.length > 0 && (
            <Typography variant="caption" color="warning.main">
              {translate('cubre.quote.uninsurable', {
                people: quote.uninsurable
                  .map((p) => [p.sexo, years(p.edad)].filter(Boolean).join(', '))
                  .join('; '),
              })}
            </Typography>
          )}
        </>
      ) : price ? (
        <Typography variant="body2">{`${price.value} ${price.unit ?? ''}`.trim()}</Typography>
      ) : null}
      {shownDiffers && (
        <Typography variant="caption" color="warning.main" data-testid="lead-quote-shown">
          {translate('cubre.quote.shown', { value: price!.value, unit: price!.unit ?? '' })}
        </Typography>
      )}
      {profile && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="lead-profile">
          {peopleOf(profile, years).map((person, index) => (
            <Typography component="li" variant="body2" key={index}>
              {role(person.role)}: {person.text}
            </Typography>
          ))}
          {profile.prevision && (
            <Typography component="li" variant="body2">
              {translate('cubre.quote.prevision')}: {profile.prevision}
            </Typography>
          )}
          {(profile.cantidadEmpleados ?? profile.colectivo?.cantidadempleados) !== undefined && (
            <Typography component="li" variant="body2">
              {translate('cubre.quote.employees')}:{' '}
              {profile.cantidadEmpleados ?? profile.colectivo?.cantidadempleados}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

import { z } from 'zod';
import { parseJsonFile } from './jsonText';

const factor = z.number().positive('a factor is positive');

export const TablaFactoresUnicaBand = z.strictObject({
  fromAge: z.number().int().min(0),
  /** null for the last band, which has no upper age. */
  toAgeExclusive: z.number().int().positive().nullable(),
  cotizante: factor,
  carga: factor,
});
export type TablaFactoresUnicaBand = z.infer<typeof TablaFactoresUnicaBand>;

/**
 * The Tabla de Factores Única (Circular IF/N°343, contracts from April 2020): one factor per age band for
 * cotizante and carga, the same for both sexes. Bands must start at 0 and follow each other without gaps,
 * and only the last one may be open-ended.
 */
export const TablaFactoresUnica = z
  .strictObject({
    name: z.string().min(1),
    unit: z.string().min(1),
    bands: z.array(TablaFactoresUnicaBand).min(1, 'at least one age band'),
    source: z.string().optional(),
  })
  .superRefine(({ bands }, ctx) => {
    bands.forEach((band, index) => {
      const expectedFrom = index === 0 ? 0 : bands[index - 1]!.toAgeExclusive;
      if (band.fromAge !== expectedFrom)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', index, 'fromAge'],
          message: `band starts at ${band.fromAge}, expected ${String(expectedFrom)}`,
        });
      const last = index === bands.length - 1;
      if ((band.toAgeExclusive === null) !== last)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', index, 'toAgeExclusive'],
          message: last ? 'the last band has no upper age (null)' : 'only the last band may be open-ended',
        });
      else if (band.toAgeExclusive !== null && band.toAgeExclusive <= band.fromAge)
        ctx.addIssue({
          code: 'custom',
          path: ['bands', index, 'toAgeExclusive'],
          message: 'a band ends after it starts',
        });
    });
  });
export type TablaFactoresUnica = z.infer<typeof TablaFactoresUnica>;

export function parseTablaFactoresUnica(text: string, file: string): TablaFactoresUnica {
  return parseJsonFile(text, file, TablaFactoresUnica);
}

import type { z } from 'zod';
import type { ComparatorFeature } from '@cubre/schemas';

type Feature = z.input<typeof ComparatorFeature>;

const feature = (code: string, name: string, description: string): Feature => ({
  code,
  name,
  description,
  icon: `feature-${code}`,
});

/** Feature codes of the demo catalogue: card icons and comparator filters (seed 000 §3 features). */
export const FEATURES = {
  telemedicina: feature('telemedicina', 'Telemedicina', 'Consultas médicas por video sin costo adicional.'),
  ambulancia: feature('ambulancia', 'Rescate en ambulancia', 'Traslado de urgencia en ambulancia.'),
  reembolsoOnline: feature('reembolso-online', 'Reembolso online', 'Reembolsos desde la app en 48 horas.'),
  sinDeducible: feature('sin-deducible', 'Sin deducible', 'Cubre desde el primer peso.'),
  maternidad: feature('maternidad', 'Maternidad', 'Cubre parto y control prenatal.'),
  saludMental: feature('salud-mental', 'Salud mental', 'Psiquiatría y psicología.'),
  dental: feature('dental', 'Dental', 'Urgencias y tratamientos dentales.'),
  farmacia: feature('farmacia', 'Farmacia', 'Descuento en medicamentos recetados.'),
  oncologia: feature('oncologia', 'Oncología', 'Tratamientos contra el cáncer.'),
  internacional: feature('internacional', 'Cobertura internacional', 'Atención médica en el extranjero.'),
  preexistencias: feature('preexistencias', 'Acepta preexistencias', 'Cubre condiciones declaradas.'),
  compraOnline: feature('compra-online', 'Compra online', 'Contratación 100% en línea.'),
  vacunas: feature('vacunas', 'Vacunas', 'Vacunas anuales de la mascota.'),
  responsabilidadCivil: feature(
    'responsabilidad-civil',
    'Responsabilidad civil',
    'Daños a terceros causados por la mascota.',
  ),
  ahorro: feature('ahorro', 'Ahorro', 'Parte de la prima se invierte en fondos.'),
  beneficioTributario: feature('beneficio-tributario', 'Beneficio tributario', 'Acogido a APV.'),
  renta: feature('renta-diaria', 'Renta diaria', 'Pago diario por hospitalización.'),
  invalidez: feature('invalidez', 'Invalidez', 'Indemnización por invalidez accidental.'),
  cobertura24: feature('cobertura-24-7', 'Cobertura 24/7', 'Protección dentro y fuera del trabajo.'),
  repatriacion: feature('repatriacion', 'Repatriación', 'Repatriación sanitaria y funeraria.'),
} satisfies Record<string, Feature>;

export type FeatureKey = keyof typeof FEATURES;
export const featureCodes = (keys: readonly FeatureKey[]) => keys.map((key) => FEATURES[key].code);

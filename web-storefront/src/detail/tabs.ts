/** The detail tabs, by their url segment (the page's last segment, 000-2.17…2.21). */
export const DETAIL_TABS = [
  'Coberturas',
  'Prestadores',
  'Topes-y-Deducibles',
  'Condiciones',
  'Exclusiones',
  'Preguntas-Frecuentes',
  'Solicitar',
] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** A tab segment as a visitor may type it: any case; 'home' is the FAQ tab (000-2.37); anything else the first. */
export function tabFromSegment(segment: string | undefined): DetailTab {
  if (!segment) return 'Coberturas';
  if (segment.toLowerCase() === 'home') return 'Preguntas-Frecuentes';
  return DETAIL_TABS.find((tab) => tab.toLowerCase() === segment.toLowerCase()) ?? 'Coberturas';
}

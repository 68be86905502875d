import type { CardDocument } from '@cubre/projections/catalogue/documents';

/**
 * A product's detail path by country (seed 000 §2 "Product-detail path shape by country"):
 * Chile: /Clinicas-y-Hospitales/{org}/Seguro/{product} for clinics, /Isapre/{org}/Complementos/{product}
 * for isapres, /Isapre/{org}/Planes/{plan} for isapre plans, otherwise /Seguros/{org}/{product};
 * Colombia: /EPS/{org}/{product}, /Medicina-Prepagada/{org}/{product}, otherwise /Seguros/…;
 * Peru: /Clinicas-y-Hospitales/{org}/{product} for clinics, /EPS/{org}/Planes/{product}, otherwise
 * /Seguros/…; international: /{type}/{org}/{product}.
 */
export function detailPath(card: CardDocument, insuranceTypeSegment: string | undefined): string {
  const org = encodeURIComponent(card.organization?.metadata.url ?? card.organizationRef);
  const product = encodeURIComponent(card.url);
  const orgType = card.organization?.type;
  if (card.kind === 'isaprePlan') return `/Isapre/${org}/Planes/${product}`;
  switch (card.country) {
    case 'CL':
      if (orgType === 'CLINICA') return `/Clinicas-y-Hospitales/${org}/Seguro/${product}`;
      if (orgType === 'ISAPRE') return `/Isapre/${org}/Complementos/${product}`;
      return `/Seguros/${org}/${product}`;
    case 'CO':
      if (orgType === 'EPS') return `/EPS/${org}/${product}`;
      if (orgType === 'MEDICINA_PREPAGADA' || card.productType === 'Medicina Prepagada') {
        return `/Medicina-Prepagada/${org}/${product}`;
      }
      return `/Seguros/${org}/${product}`;
    case 'PE':
      if (orgType === 'CLINICA') return `/Clinicas-y-Hospitales/${org}/${product}`;
      if (orgType === 'EPS') return `/EPS/${org}/Planes/${product}`;
      return `/Seguros/${org}/${product}`;
    default:
      return `/${encodeURIComponent(insuranceTypeSegment ?? 'Seguros')}/${org}/${product}`;
  }
}

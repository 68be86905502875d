/** The reference lists' words in Spanish (the page, its tabs and columns). */
export const referenceMessages = {
  menu: 'Listas de referencia',
  title: 'Listas de referencia',
  intro: 'Vocabularios fijos del sistema: se consultan aquí y no se editan.',
  lists: {
    currencies: 'Monedas',
    'tax-document-statuses': 'Documentos tributarios',
    'billing-payment-states': 'Estados de pago de facturación',
    'movement-types': 'Movimientos de cuenta',
    'recess-reasons': 'Motivos de receso',
    'ticket-priorities': 'Prioridades de ticket',
    'ticket-statuses': 'Estados de ticket',
    'document-review-states': 'Revisión de documentos',
    'assignment-codes': 'Códigos de asignación',
  },
  columns: {
    id: 'Código',
    name: 'Nombre',
    kind: 'Tipo',
    countries: 'Países',
    payable: 'Se cobra en ella',
  },
  kinds: { deposit: 'Abono', bonus: 'Bono', reversal: 'Reverso', income: 'Ingreso', charge: 'Cargo' },
  yes: 'Sí',
  no: 'No',
  none: '—',
};

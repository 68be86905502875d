import type { referenceMessages } from './messages.es';

/** The reference lists' words in English, key for key with messages.es.ts (the type checks it). */
export const referenceMessagesEn: typeof referenceMessages = {
  menu: 'Reference lists',
  title: 'Reference lists',
  intro: "The system's fixed vocabularies: shown here, never edited.",
  lists: {
    currencies: 'Currencies',
    'tax-document-statuses': 'Tax documents',
    'billing-payment-states': 'Billing payment states',
    'movement-types': 'Account movements',
    'recess-reasons': 'Recess reasons',
    'ticket-priorities': 'Ticket priorities',
    'ticket-statuses': 'Ticket statuses',
    'document-review-states': 'Document reviews',
    'assignment-codes': 'Assignment codes',
    'page-types': 'Page types',
    isapres: 'Isapres',
    'origin-sources': 'Request origins',
  },
  columns: {
    id: 'Code',
    name: 'Name',
    kind: 'Kind',
    countries: 'Countries',
    payable: 'Charged in it',
  },
  kinds: { deposit: 'Deposit', bonus: 'Bonus', reversal: 'Reversal', income: 'Income', charge: 'Charge' },
  yes: 'Yes',
  no: 'No',
  none: '—',
};

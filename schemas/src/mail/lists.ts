/**
 * The mail vocabularies as plain lists, without zod: the console imports them at no cost (zod's eval probe
 * would trip the console's Content-Security-Policy); mailRequest.ts builds its enums on them.
 */

/**
 * The mails the product sends (issue 15): arrears by overdue count (002-4.17), resume-contracting
 * reminders (002-4.18), the lead reminders the console schedules (LLAMADA, REUNION: 002-3.25) and the
 * assignment notice whose failure is CODE001 (002-8.06).
 */
export const MAIL_TEMPLATES = [
  'mora_1',
  'mora_2',
  'mora_3',
  'retomar_contratacion_1',
  'retomar_contratacion_2',
  'retomar_contratacion_3',
  'lead_reminder',
  'lead_assigned',
  // The buyer asked for a link to finish a purchase on another device (issue 14).
  'purchase_resume',
  // A console invitation with its accept link, and the notice to an address that already has a user (issue 15).
  'user_invitation',
  'invitation_notice',
] as const;
export type MailTemplateName = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LOCALES = ['es', 'en', 'pt'] as const;

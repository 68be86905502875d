import type { MailLocale } from '@cubre/schemas/mail/mailRequest';
import { escapeHtml } from './escape';

/** The storefront's palette (web-storefront/src/app/theme.ts): white on this blue reads at 8:1. */
export const BRAND = {
  name: 'Cubre',
  primary: '#0b5394',
  accent: '#bf360c',
  text: '#1f2933',
  muted: '#5f6b7a',
};

export interface LayoutParts {
  locale: MailLocale;
  subject: string;
  heading: string;
  paragraphs: string[];
  action: { label: string; href: string } | null;
  footer: string;
  /** The unsubscribe line (reminders only): its words and its link. */
  unsubscribe: { text: string; label: string; href: string } | null;
}

/**
 * The brand's mail: a table layout with inline styles (what mail clients render), the wordmark on the
 * primary blue, one button. Every text part is escaped here; the parts are plain text.
 */
export function htmlLayout(parts: LayoutParts): string {
  const paragraphs = parts.paragraphs
    .map((text) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`)
    .join('\n');
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.href)}" style="background:${BRAND.primary};color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`
    : '';
  const unsubscribe = parts.unsubscribe
    ? `<p style="margin:8px 0 0">${escapeHtml(parts.unsubscribe.text)} <a href="${escapeHtml(parts.unsubscribe.href)}" style="color:${BRAND.muted}">${escapeHtml(parts.unsubscribe.label)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="${parts.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:${BRAND.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${BRAND.primary};padding:16px 24px;color:#ffffff;font-size:24px;font-weight:bold;letter-spacing:0.5px">${BRAND.name}</td></tr>
<tr><td style="padding:24px;font-size:16px">
<h1 style="margin:0 0 16px;font-size:20px;color:${BRAND.primary}">${escapeHtml(parts.heading)}</h1>
${paragraphs}
${action}
</td></tr>
<tr><td style="padding:16px 24px;border-top:3px solid ${BRAND.accent};font-size:12px;color:${BRAND.muted}">
<p style="margin:0">${escapeHtml(parts.footer)}</p>
${unsubscribe}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The same mail as plain text: heading, paragraphs, the button as "label: link", the footer. */
export function textLayout(parts: LayoutParts): string {
  const lines = [BRAND.name, '', parts.heading, '', ...parts.paragraphs.flatMap((text) => [text, ''])];
  if (parts.action) lines.push(`${parts.action.label}: ${parts.action.href}`, '');
  lines.push('--', parts.footer);
  if (parts.unsubscribe)
    lines.push(`${parts.unsubscribe.text} ${parts.unsubscribe.label}: ${parts.unsubscribe.href}`);
  return `${lines.join('\n')}\n`;
}

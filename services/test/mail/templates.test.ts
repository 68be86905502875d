import { MAIL_LOCALES, MAIL_TEMPLATES, type MailRequest } from '@cubre/schemas/mail/mailRequest';
import { renderMail } from '@cubre/services/mail/templates/render';

/** Issue 15: every template in Spanish, English and Portuguese, HTML and text, values escaped in HTML. */
const HOSTILE = '<script>alert("x")</script> & Ñandú\'s';
const render = (
  template: MailRequest['template'],
  locale: MailRequest['locale'],
  data: MailRequest['data'] = {},
) =>
  renderMail(
    { template, locale, data, to: { email: 'ana@example.com', name: HOSTILE } },
    { unsubscribeTo: 'baja@cubre.test', mailId: '9b2f6c1e-0000-5000-8000-000000000001' },
  );

describe.each(MAIL_LOCALES)('templates in %s', (locale) => {
  test.each(MAIL_TEMPLATES)(
    '002-4.17 002-4.18 %s renders subject, text and HTML with every value escaped',
    (template) => {
      const mail = render(template, locale, {
        producto: HOSTILE,
        monto: '$ 10.000',
        cliente: HOSTILE,
        nota: HOSTILE,
        leadId: 'L-1',
        tipo: 'REUNION',
        fecha: '26 de noviembre de 2026, 10:00',
        enlace: 'https://cubre.test/x?a=1&b=2',
      });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).toContain(`<html lang="${locale}">`);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Ñandú&#39;s');
      expect(mail.html).toContain('href="https://cubre.test/x?a=1&amp;b=2"');
      // The text part is text: the value as given, nothing escaped.
      expect(mail.text).toContain(HOSTILE);
      expect(mail.text).toContain('https://cubre.test/x?a=1&b=2');
      expect(mail.html).toContain('Cubre');
    },
  );
});

test('the customer reminders carry the unsubscribe line and the staff mails do not', () => {
  for (const template of MAIL_TEMPLATES) {
    const mail = render(template, 'es');
    const reminder = template.startsWith('mora_') || template.startsWith('retomar_contratacion_');
    expect([template, mail.unsubscribe !== null]).toEqual([template, reminder]);
    expect([template, mail.text.includes('Darme de baja')]).toEqual([template, reminder]);
    if (reminder) {
      expect(mail.unsubscribe).toBe(
        'mailto:baja@cubre.test?subject=BAJA%209b2f6c1e-0000-5000-8000-000000000001',
      );
      expect(mail.html).toContain(
        'href="mailto:baja@cubre.test?subject=BAJA%209b2f6c1e-0000-5000-8000-000000000001"',
      );
    }
  }
});

test('a link that is not http(s) is no button: a javascript: value is dropped', () => {
  const mail = render('retomar_contratacion_1', 'en', { enlace: 'javascript:alert(1)' });
  expect(mail.html).not.toContain('javascript:');
  expect(mail.text).not.toContain('javascript:');
  expect(mail.html).not.toContain('Resume purchase');
});

test('002-4.17 the three arrears stages say three different things in each language', () => {
  for (const locale of MAIL_LOCALES) {
    const subjects = new Set(
      ['mora_1', 'mora_2', 'mora_3'].map((t) => render(t as 'mora_1', locale).subject),
    );
    expect(subjects.size).toBe(3);
  }
  expect(render('mora_1', 'pt', { producto: 'Plano X' }).subject).toBe(
    'O pagamento de Plano X está pendente',
  );
  expect(render('mora_3', 'en', { producto: 'Plan X' }).subject).toBe(
    'Final notice: settle Plan X to keep your cover',
  );
});

test('002-3.25 a lead reminder names a LLAMADA as a call and a REUNION as a meeting', () => {
  expect(render('lead_reminder', 'es', { tipo: 'LLAMADA', leadId: 'L-1', fecha: 'hoy' }).subject).toContain(
    'llamada',
  );
  expect(render('lead_reminder', 'es', { tipo: 'REUNION', leadId: 'L-1', fecha: 'hoy' }).subject).toContain(
    'reunión',
  );
  expect(render('lead_reminder', 'en', { tipo: 'REUNION', leadId: 'L-1', fecha: 'today' }).subject).toContain(
    'meeting',
  );
});

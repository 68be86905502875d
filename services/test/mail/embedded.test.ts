import { MAIL_OUTBOX_COLLECTION, type MailOutboxDocument } from '@cubre/projections/mail/projection';
import { mailIdOf } from '@cubre/services/mail';
import { MailConfigError, mailSettingsFromEnv } from '@cubre/services/mail/settings';
import { startMailRuntime } from './support/mailRuntime';

/** Issue 15: without SMTP configured a fresh clone renders every mail and keeps it in the outbox. */
test('with no SMTP configured, a requested mail is rendered by nodemailer in memory and the outbox keeps it as sent', async () => {
  const runtime = await startMailRuntime(null);
  try {
    expect(runtime.mail.transport.kind).toBe('embedded');
    const key = 'retomar:session-1:retomar_contratacion_1';
    await runtime.mail.requester.request(
      {
        key,
        to: { email: 'visita@example.com', name: 'Rosa' },
        template: 'retomar_contratacion_1',
        locale: 'pt',
        country: 'INT',
        data: { producto: 'Plano Saúde', enlace: 'https://cubre.test/retomar/1' },
        subject: { kind: 'sale', id: 'sale-1' },
      },
      { actor: { kind: 'system', id: 'test' }, correlationId: 'c', causationId: null },
    );
    await runtime.mail.dispatcher.idle();
    await runtime.settled();
    const doc = await runtime.engines.readStore
      .collection<MailOutboxDocument>(MAIL_OUTBOX_COLLECTION)
      .findOne({ _id: mailIdOf(key) });
    expect(doc).toMatchObject({
      status: 'sent',
      subjectLine: 'Sua contratação de Plano Saúde ficou pela metade',
      messageId: `<${mailIdOf(key)}@cubre.test>`,
    });
    expect(doc!.html).toContain('<html lang="pt">');
    expect(doc!.text).toContain('Retomar contratação: https://cubre.test/retomar/1');
    expect(runtime.logged()).not.toContain('visita@example.com');
  } finally {
    await runtime.dispose();
  }
});

test('a bad SMTP setting stops the start naming the variable, never echoing a secret', () => {
  const attempt = () => mailSettingsFromEnv({ SMTP_URL: 'http://user:s3cr3t-pass@mail.example.com' });
  expect(attempt).toThrow(MailConfigError);
  expect(attempt).toThrow(/^SMTP_URL: /);
  expect(attempt).not.toThrow(/s3cr3t-pass/);
  expect(mailSettingsFromEnv({ SMTP_URL: 'smtps://user:s3cr3t-pass@mail.example.com' }).smtp).toMatchObject({
    kind: 'smtp',
  });
});

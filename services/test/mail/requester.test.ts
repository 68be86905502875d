import { openSqliteEventStore } from '@cubre/platform/adapters/sqlite/eventStore';
import type { MailRequest } from '@cubre/schemas/mail/mailRequest';
import { ZodError } from 'zod';
import { mailIdOf, mailRequester, mailStream } from '../../src/mail';
import { tempDataDir } from '../../platform/test/support/tempDir';

const dir = tempDataDir();
const eventStore = openSqliteEventStore({ dataDir: dir.path });
afterAll(async () => {
  await eventStore.close();
  dir.remove();
});

const metadata = {
  actor: { kind: 'system' as const, id: 'arrears' },
  correlationId: 'c-1',
  causationId: null,
};
const mail = (key: string): MailRequest => ({
  key,
  to: { email: 'cliente@example.com', name: 'Ana' },
  template: 'mora_1',
  locale: 'es',
  country: 'CL',
  data: { nombre: 'Ana', monto: '$ 10.000' },
  subject: { kind: 'subscription', id: 'sub-1' },
});

describe('MailRequester (issue 15: exactly once per key)', () => {
  test('a key is requested once, whoever asks: the second request is already-requested', async () => {
    const requester = mailRequester(eventStore, () => new Date('2026-11-26T12:00:00Z'));
    const other = mailRequester(eventStore, () => new Date('2026-11-26T12:00:01Z'));
    expect(await requester.request(mail('arrears:sub-1:2026-11:mora_1'), metadata)).toBe('requested');
    expect(await other.request(mail('arrears:sub-1:2026-11:mora_1'), metadata)).toBe('already-requested');
    const events = await eventStore.readStream(mailStream(mailIdOf('arrears:sub-1:2026-11:mora_1')));
    expect(events.map((event) => event.type)).toEqual(['MailRequested']);
  });

  test('two requests of one key at once record it once', async () => {
    const requester = mailRequester(eventStore, () => new Date('2026-11-26T12:00:00Z'));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => requester.request(mail('arrears:sub-2:2026-11:mora_1'), metadata)),
    );
    expect(answers.filter((answer) => answer === 'requested')).toHaveLength(1);
    expect(await eventStore.readStream(mailStream(mailIdOf('arrears:sub-2:2026-11:mora_1')))).toHaveLength(1);
  });

  test('an invalid request is refused naming the field, and records nothing', async () => {
    const requester = mailRequester(eventStore, () => new Date());
    const bad = { ...mail('arrears:sub-3:2026-11:mora_1'), template: 'mora_9' } as unknown as MailRequest;
    const refusal = await requester.request(bad, metadata).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ZodError);
    expect((refusal as ZodError).issues[0]?.path).toEqual(['template']);
    expect(await eventStore.readStream(mailStream(mailIdOf('arrears:sub-3:2026-11:mora_1')))).toHaveLength(0);
  });

  test('onRequested hears of a new mail only', async () => {
    const heard: string[] = [];
    const requester = mailRequester(eventStore, () => new Date(), { onRequested: (id) => heard.push(id) });
    await requester.request(mail('lead:1:assigned'), metadata);
    await requester.request(mail('lead:1:assigned'), metadata);
    expect(heard).toEqual([mailIdOf('lead:1:assigned')]);
  });
});

import { RetryExhaustedError, organizationsErrorMessage, retry } from '../../../src/domain/shell/retry';

describe('shell/retry', () => {
  test('001-5.10 the retry operator makes 3 attempts by default, then gives the limit message', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error(`fallo ${calls}`));
    };
    const error = await retry(failing, { sleep: async (ms) => void waits.push(ms) }).catch((e: unknown) => e);
    expect(calls).toBe(3);
    expect(error).toBeInstanceOf(RetryExhaustedError);
    expect((error as Error).message).toBe('Se ha sobrepasado el limite de intentos (3), Intente mas tarde.');
    expect(((error as Error).cause as Error).message).toBe('fallo 3');
    expect(waits).toEqual([1500, 1500]);
  });

  test('001-7.21 shared lookups stop retrying as soon as one attempt succeeds', async () => {
    let calls = 0;
    const result = await retry(
      async (attempt) => {
        calls++;
        if (attempt < 2) throw new Error('no');
        return 'ok';
      },
      { delayMs: 1000, sleep: async () => undefined },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);
  });

  test('001-5.10 the message names the attempt count given', async () => {
    const error = await retry(() => Promise.reject(new Error('x')), {
      attempts: 5,
      sleep: async () => undefined,
    }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Se ha sobrepasado el limite de intentos (5), Intente mas tarde.');
  });

  test('001-7.21 a failure that is not retryable is given as is at once', async () => {
    let calls = 0;
    const notFound = new Error('404');
    const error = await retry(
      () => {
        calls++;
        return Promise.reject(notFound);
      },
      { retryable: (e) => e !== notFound, sleep: async () => undefined },
    ).catch((e: unknown) => e);
    expect(error).toBe(notFound);
    expect(calls).toBe(1);
  });

  test('000-7.12 the default spacing between attempts is 1500 ms with real timers', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      const pending = retry(async () => {
        calls++;
        if (calls < 2) throw new Error('x');
        return calls;
      });
      await jest.advanceTimersByTimeAsync(1499);
      expect(calls).toBe(1);
      await jest.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test("000-8.05 organizations failing after the retries give 'Error al obtener las organizaciones de tipo {types}'", () => {
    expect(organizationsErrorMessage('ISAPRE')).toBe('Error al obtener las organizaciones de tipo ISAPRE');
    expect(organizationsErrorMessage(['ASEGURADORA', 'CLINICA'])).toBe(
      'Error al obtener las organizaciones de tipo ASEGURADORA, CLINICA',
    );
  });
});

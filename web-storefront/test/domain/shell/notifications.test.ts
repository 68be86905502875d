import {
  NOTIFICATION_STORAGE_FAILED,
  NOTIFICATION_STORAGE_KEY,
  isUnread,
  markOpened,
  readLastOpened,
} from '../../../src/domain/shell/notifications';

describe('shell/notifications', () => {
  test('001-4.01 a notification is unread while the stored last-opened message differs from the current one', () => {
    expect(isUnread(null, '<p>Nuevo plan</p>')).toBe(true);
    expect(isUnread('<p>Anterior</p>', '<p>Nuevo plan</p>')).toBe(true);
    expect(isUnread('<p>Nuevo plan</p>', '<p>Nuevo plan</p>')).toBe(false);
    expect(isUnread(null, '')).toBe(false);
    expect(isUnread('x', undefined)).toBe(false);
  });

  test("001-4.02 opening the bell stores the message, which clears the '+1' badge", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(isUnread(readLastOpened(storage), 'hola')).toBe(true);
    expect(markOpened(storage, 'hola')).toBe(true);
    expect(data.get(NOTIFICATION_STORAGE_KEY)).toBe('hola');
    expect(isUnread(readLastOpened(storage), 'hola')).toBe(false);
  });

  test('001-4.03 storage failures are not thrown, only reported', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('quota');
      },
    };
    expect(markOpened(broken, 'hola')).toBe(false);
    expect(readLastOpened(broken)).toBeNull();
  });

  test('001-8.14 a notification-storage failure is only logged', () => {
    const quota = new Error('quota');
    const log = jest.fn();
    const broken = {
      setItem: (): void => {
        throw quota;
      },
    };
    expect(() => markOpened(broken, 'hola', log)).not.toThrow();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(NOTIFICATION_STORAGE_FAILED, quota);
    // A stored message logs nothing.
    const quiet = jest.fn();
    expect(markOpened({ setItem: () => undefined }, 'hola', quiet)).toBe(true);
    expect(quiet).not.toHaveBeenCalled();
  });
});

import {
  purchaseSessionFor,
  purchaseSessionKey,
  readPurchaseSession,
  rememberSale,
  sessionFromLink,
  uuidFromBytes,
} from '../../../src/domain/purchase/purchaseSession';

/** A session storage in memory, as the tab's. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const SESSION = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';
const SALE = '0b8f3c1e-2d4a-5b6c-9d7e-1f2a3b4c5d6e';

describe('the purchase session kept per product (issue 14)', () => {
  test('a first visit makes a session and stores it at once, so a reload finds the same one', () => {
    const storage = memoryStorage();
    const first = purchaseSessionFor(storage, 'SALUD-01', () => SESSION);
    expect(first).toEqual({ session: SESSION, saleId: null });
    const again = purchaseSessionFor(storage, 'SALUD-01', () => {
      throw new Error('a stored session is not made again');
    });
    expect(again).toEqual(first);
  });

  test('each product has its own session', () => {
    const storage = memoryStorage();
    purchaseSessionFor(storage, 'SALUD-01', () => SESSION);
    const other = purchaseSessionFor(storage, 'VIDA-02', () => SALE);
    expect(other.session).toBe(SALE);
    expect([...storage.items.keys()].sort()).toEqual([
      purchaseSessionKey('SALUD-01'),
      purchaseSessionKey('VIDA-02'),
    ]);
  });

  test('the sale the server answered is kept with the session, and can be forgotten', () => {
    const storage = memoryStorage();
    const record = purchaseSessionFor(storage, 'SALUD-01', () => SESSION);
    rememberSale(storage, 'SALUD-01', record, SALE);
    expect(readPurchaseSession(storage, 'SALUD-01')).toEqual({ session: SESSION, saleId: SALE });
    rememberSale(storage, 'SALUD-01', record, null);
    expect(readPurchaseSession(storage, 'SALUD-01')).toEqual({ session: SESSION, saleId: null });
  });

  test('whatever else the storage holds is not a session: a new one replaces it', () => {
    for (const stored of ['not json', '{"session":"abc"}', 'null', '[]', '{"session":1}']) {
      const storage = memoryStorage({ [purchaseSessionKey('X')]: stored });
      expect(purchaseSessionFor(storage, 'X', () => SESSION)).toEqual({ session: SESSION, saleId: null });
    }
    const badSale = memoryStorage({
      [purchaseSessionKey('X')]: JSON.stringify({ session: SESSION, saleId: 'x' }),
    });
    expect(readPurchaseSession(badSale, 'X')).toEqual({ session: SESSION, saleId: null });
  });

  test('without storage (private mode) the session lives with the page', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(purchaseSessionFor(throwing, 'X', () => SESSION)).toEqual({ session: SESSION, saleId: null });
    expect(purchaseSessionFor(null, 'X', () => SESSION)).toEqual({ session: SESSION, saleId: null });
  });

  test('a session id is a version 4 UUID made of the random bytes', () => {
    const id = uuidFromBytes(new Uint8Array(16).fill(0xff));
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(uuidFromBytes(new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
    expect(() => uuidFromBytes(new Uint8Array(8))).toThrow(RangeError);
  });

  test("000-2.22 the seeds' shared purchase link ?session=&sessionType= names the session (its sale found by it); the older ?venta=&sesion= still reads; anything malformed is no link", () => {
    expect(sessionFromLink(`?session=${SESSION.toUpperCase()}&sessionType=resume`)).toEqual({
      session: SESSION,
      saleId: null,
      sessionType: 'resume',
    });
    expect(sessionFromLink(`?session=${SESSION}`)).toEqual({
      session: SESSION,
      saleId: null,
      sessionType: null,
    });
    // A type the lead could not keep is dropped, the session kept.
    expect(sessionFromLink(`?session=${SESSION}&sessionType=<script>`)?.sessionType).toBeNull();
    expect(sessionFromLink(`?session=${SESSION}&sessionType=${'x'.repeat(41)}`)?.sessionType).toBeNull();
    expect(sessionFromLink(`?venta=${SALE}&sesion=${SESSION}`)).toEqual({ session: SESSION, saleId: SALE });
    expect(sessionFromLink('?session=not-a-uuid&sessionType=resume')).toBeNull();
    expect(sessionFromLink('')).toBeNull();
  });

  test("a shared link's sessionType stays with the stored session and its sale", () => {
    const storage = memoryStorage();
    const record = { session: SESSION, saleId: null, sessionType: 'resume' };
    storage.setItem(purchaseSessionKey('P1'), JSON.stringify(record));
    expect(readPurchaseSession(storage, 'P1')).toEqual(record);
    expect(rememberSale(storage, 'P1', record, SALE)).toEqual({ ...record, saleId: SALE });
    expect(readPurchaseSession(storage, 'P1')).toEqual({ ...record, saleId: SALE });
  });
});

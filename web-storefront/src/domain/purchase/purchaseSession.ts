/**
 * The purchase session of one product (issue 14): a random UUID the sale is derived from on the server,
 * kept in the tab's session storage per product with the sale's id once it exists, so a reload continues
 * the same sale. Never the buyer's personal data: the sale's id is the only key to it.
 */
export interface PurchaseSessionRecord {
  session: string;
  saleId: string | null;
  /**
   * How the session reached this tab (the seeds' `sessionType` of a shared purchase link: `resume` for the
   * buyer's own mailed link); the lead's steps carry it. Absent for a session this tab started.
   */
  sessionType?: string | null;
}

type SessionStorage = Pick<Storage, 'getItem' | 'setItem'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A link's sessionType as the lead keeps it (the steps' body takes up to 40 characters). */
const SESSION_TYPE = /^[A-Za-z0-9_-]{1,40}$/;
const sessionTypeOf = (value: unknown): string | null =>
  typeof value === 'string' && SESSION_TYPE.test(value) ? value : null;

export const purchaseSessionKey = (productCode: string): string => `compra-online:${productCode}`;

/** A version 4 UUID from 16 random bytes (crypto.randomUUID needs a secure context; this does not). */
export function uuidFromBytes(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new RangeError('a UUID needs 16 random bytes');
  const b = Array.from(bytes.slice(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the storage holds for the product, or null when it holds nothing usable. */
export function readPurchaseSession(
  storage: SessionStorage | null,
  productCode: string,
): PurchaseSessionRecord | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(purchaseSessionKey(productCode)) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { session, saleId, sessionType } = parsed as Record<string, unknown>;
    if (typeof session !== 'string' || !UUID.test(session)) return null;
    const type = sessionTypeOf(sessionType);
    return {
      session,
      saleId: typeof saleId === 'string' && UUID.test(saleId) ? saleId : null,
      ...(type ? { sessionType: type } : {}),
    };
  } catch {
    return null;
  }
}

function write(storage: SessionStorage | null, productCode: string, record: PurchaseSessionRecord): void {
  try {
    storage?.setItem(purchaseSessionKey(productCode), JSON.stringify(record));
  } catch {
    /* storage unavailable (private mode): the session lasts as long as the page */
  }
}

/** The product's session: the stored one, or a new one (stored at once, so a reload keeps it). */
export function purchaseSessionFor(
  storage: SessionStorage | null,
  productCode: string,
  newId: () => string,
): PurchaseSessionRecord {
  const stored = readPurchaseSession(storage, productCode);
  if (stored) return stored;
  const created = { session: newId(), saleId: null };
  write(storage, productCode, created);
  return created;
}

/**
 * The session a link carries, or null when the address has none or a malformed one: the seeds' shared
 * purchase link (`?session={session}&sessionType={type}`, 000 §2; the buyer's resume mail is one, type
 * `resume`), whose sale the page then finds by the session; or the resume links mailed before it
 * (`?venta={saleId}&sesion={session}`), which still work.
 */
export function sessionFromLink(search: string): PurchaseSessionRecord | null {
  const params = new URLSearchParams(search);
  const shared = params.get('session');
  if (shared !== null) {
    if (!UUID.test(shared)) return null;
    return {
      session: shared.toLowerCase(),
      saleId: null,
      sessionType: sessionTypeOf(params.get('sessionType')),
    };
  }
  const session = params.get('sesion');
  const saleId = params.get('venta');
  if (!session || !saleId || !UUID.test(session) || !UUID.test(saleId)) return null;
  return { session: session.toLowerCase(), saleId: saleId.toLowerCase() };
}

/** Makes a linked session this tab's own for the product (a reload then continues it without the link). */
export function adoptPurchaseSession(
  storage: SessionStorage | null,
  productCode: string,
  record: PurchaseSessionRecord,
): PurchaseSessionRecord {
  write(storage, productCode, record);
  return record;
}

/** Keeps the sale the server answered for the session (or forgets it: null). */
export function rememberSale(
  storage: SessionStorage | null,
  productCode: string,
  record: PurchaseSessionRecord,
  saleId: string | null,
): PurchaseSessionRecord {
  const next = { ...record, saleId };
  write(storage, productCode, next);
  return next;
}

import { rutCheckDigit } from '@cubre/schemas/identification';
import type { BulkLoadRecord } from '@cubre/schemas/groupInsurance/bulkLoad';
import type { Session } from '../identity/support';
import { json } from '../support/http';

/** A valid RUT (`12345678-5`) from a body number. */
export const rutOf = (body: number) => `${body}-${rutCheckDigit(String(body))}`;

/** Today in Chile, as the rows' dates are judged. */
export const chileToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());

export const ACTIVATION_HEADER =
  'rowNumber,name,paternalSurname,maternalSurname,legalId,birthDate,gender,email,phone,insuredType,effectiveDate,coverageGroup,holderLegalId,dependentType,accountType,accountNumber,bank';
export const CANCELLATION_HEADER =
  'rowNumber,name,paternalSurname,maternalSurname,legalId,birthDate,gender,effectiveDate,reason,insuredType,holderLegalId,dependentType';

/** A surname made of letters only (002-5's name rule refuses digits): 0 → 'a', 27 → 'bb'… */
export const lettersOf = (n: number): string => {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return text;
};

export type Person = { legalId: string; name: string; surname: string; group?: string; email?: string };

export const activationCsv = (people: Person[], effectiveDate = chileToday()) =>
  [
    ACTIVATION_HEADER,
    ...people.map(
      (p, i) =>
        `${i + 2},${p.name},${p.surname},Soto,${p.legalId},1985-04-12,Femenino,${p.email ?? 'a@b.cl'},+56912345678,TITULAR,${effectiveDate},${p.group ?? 'G1'},,,,,`,
    ),
  ].join('\n');

export const cancellationCsv = (people: Person[], effectiveDate = chileToday(), reason = 'Renuncia') =>
  [
    CANCELLATION_HEADER,
    ...people.map(
      (p, i) =>
        `${i + 2},${p.name},${p.surname},Soto,${p.legalId},1985-04-12,Femenino,${effectiveDate},${reason},TITULAR,,`,
    ),
  ].join('\n');

/** POST bulk-loads with the file as the raw body. */
export const upload = (
  session: Session,
  query: { policyId: string; kind: 'activation' | 'cancellation'; fileName: string },
  body: string | Buffer,
) =>
  fetch(`${session.url}/api/admin/bulk-loads?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/octet-stream' },
    body,
  });

/** Reads a load until it reaches one of the statuses (its own state: no timer decides the test). */
export async function untilStatus(session: Session, id: string, statuses: string[]): Promise<BulkLoadRecord> {
  for (;;) {
    const response = await session.get(`/api/admin/bulk-loads/${id}`);
    const record = (await json(response)) as BulkLoadRecord;
    if (statuses.includes(record.status)) return record;
    if (record.status === 'FAILED') throw new Error(`load ${id} failed: ${record.failure}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Uploads, waits for the dry run, and returns the validated record. */
export async function dryRun(
  session: Session,
  query: { policyId: string; kind: 'activation' | 'cancellation'; fileName: string },
  body: string | Buffer,
): Promise<BulkLoadRecord> {
  const response = await upload(session, query, body);
  if (response.status !== 202) throw new Error(`upload: ${response.status} ${await response.text()}`);
  const { id } = (await json(response)) as BulkLoadRecord;
  return untilStatus(session, id, ['VALIDATED']);
}

/** Commits a validated load and waits for COMMITTED. */
export async function commit(session: Session, id: string): Promise<BulkLoadRecord> {
  const response = await session.post(`/api/admin/bulk-loads/${id}/commit`, {});
  if (response.status !== 202) throw new Error(`commit: ${response.status} ${await response.text()}`);
  return untilStatus(session, id, ['COMMITTED']);
}

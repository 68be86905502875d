import {
  CONFLICT_MESSAGE,
  csrfTokenFor,
  errorMessageOf,
  formErrorsOf,
  ifMatchOf,
  ifMatchOfRevision,
  isRevisionConflict,
  problemMessage,
  problemRules,
  retryAfterSeconds,
} from '../src/httpLogic';

describe('If-Match on writes (optimistic concurrency)', () => {
  test('a PUT whose body carries revision sends If-Match: "{revision}"', () => {
    expect(ifMatchOf('PUT', JSON.stringify({ id: 2, name: 'Asignado', revision: 3 }))).toBe('"3"');
    expect(ifMatchOf('put', JSON.stringify({ revision: 0 }))).toBe('"0"');
  });

  test('no If-Match without a revision, on other methods, or for bodies that are not a JSON object', () => {
    expect(ifMatchOf('PUT', JSON.stringify({ id: 2 }))).toBeNull();
    expect(ifMatchOf('POST', JSON.stringify({ revision: 3 }))).toBeNull();
    expect(ifMatchOf(undefined, JSON.stringify({ revision: 3 }))).toBeNull();
    expect(ifMatchOf('PUT', 'not json')).toBeNull();
    expect(ifMatchOf('PUT', JSON.stringify([{ revision: 3 }]))).toBeNull();
    expect(ifMatchOf('PUT', undefined)).toBeNull();
  });

  test('only whole non-negative revisions become an entity tag', () => {
    expect(ifMatchOf('PUT', JSON.stringify({ revision: '3' }))).toBeNull();
    expect(ifMatchOf('PUT', JSON.stringify({ revision: -1 }))).toBeNull();
    expect(ifMatchOf('PUT', JSON.stringify({ revision: 1.5 }))).toBeNull();
    expect(ifMatchOfRevision(7)).toBe('"7"');
    expect(ifMatchOfRevision(null)).toBeNull();
    expect(ifMatchOfRevision(undefined)).toBeNull();
  });
});

describe('the CSRF token of the cookie session (issue 13)', () => {
  test('unsafe methods carry it; reads do not', () => {
    for (const method of ['POST', 'put', 'DELETE', 'PATCH']) expect(csrfTokenFor(method, 'c')).toBe('c');
    for (const method of [undefined, 'GET', 'head', 'OPTIONS']) expect(csrfTokenFor(method, 'c')).toBeNull();
    expect(csrfTokenFor('POST', null)).toBeNull();
  });
});

describe('problems as the console shows them', () => {
  const stale = {
    type: 'https://cubre.example/problems/conflict',
    title: 'Conflicto de versión',
    status: 409,
    detail: 'el recurso cambió: se esperaba la versión 2 y la actual es 3',
    errors: [{ field: 'If-Match', rule: 'current_revision', message: 'la versión actual es 3' }],
  };

  test('a stale revision (409 naming If-Match) shows "another user changed this record; reload"', () => {
    expect(isRevisionConflict(409, stale)).toBe(true);
    expect(errorMessageOf(409, stale, 'Conflict')).toBe(CONFLICT_MESSAGE);
    expect(formErrorsOf(409, stale)).toBeNull();
  });

  test('other 409s keep their own words and reach the form field they name', () => {
    const inUse = {
      status: 409,
      title: 'En uso',
      errors: [{ field: 'id', rule: 'in_use', message: 'lo usan 3 solicitudes' }],
    };
    expect(isRevisionConflict(409, inUse)).toBe(false);
    expect(errorMessageOf(409, inUse, 'Conflict')).toBe('lo usan 3 solicitudes');
    const duplicate = { status: 409, errors: [{ field: 'name', rule: 'unique_name', message: 'ya existe' }] };
    expect(formErrorsOf(409, duplicate)).toEqual({ name: 'ya existe', root: { serverError: 'ya existe' } });
  });

  test('002-8.04 a refused login shows the problem message: Credenciales inválidas.', () => {
    const body = {
      status: 401,
      title: 'No autenticado',
      detail: 'Credenciales inválidas.',
      errors: [{ field: 'credentials', rule: 'INVALID_CREDENTIALS', message: 'Credenciales inválidas.' }],
    };
    expect(problemMessage(body, 'fallback')).toBe('Credenciales inválidas.');
    expect(problemRules(body)).toEqual(['INVALID_CREDENTIALS']);
    expect(errorMessageOf(401, body, 'Unauthorized')).toBe('Credenciales inválidas.');
  });

  test('the message falls back from the field errors to the detail, the title, then the given text', () => {
    expect(problemMessage({ detail: 'd', title: 't' }, 'f')).toBe('d');
    expect(problemMessage({ title: 't' }, 'f')).toBe('t');
    expect(problemMessage(null, 'f')).toBe('f');
    expect(problemMessage('text', 'f')).toBe('f');
  });

  test('validation problems become react-admin form errors, first message per top-level field', () => {
    const body = {
      status: 400,
      errors: [
        { field: 'colour', rule: 'regex', message: 'un color #RRGGBB' },
        { field: 'parentIds.1', rule: 'unknown_sub_status', message: 'no existe el estado 77' },
        { field: 'parentIds.2', rule: 'unknown_sub_status', message: 'no existe el estado 78' },
        { field: 'body', rule: 'json', message: 'el cuerpo no es JSON válido' },
        { field: 'filter.q', rule: 'unknown', message: 'filtro desconocido' },
      ],
    };
    expect(formErrorsOf(400, body)).toEqual({
      colour: 'un color #RRGGBB',
      parentIds: 'no existe el estado 77',
      root: { serverError: 'un color #RRGGBB' },
    });
  });

  test('no form errors for statuses that are not about what was sent', () => {
    const body = { errors: [{ field: 'name', rule: 'x', message: 'm' }] };
    expect(formErrorsOf(401, body)).toBeNull();
    expect(formErrorsOf(403, body)).toBeNull();
    expect(formErrorsOf(500, body)).toBeNull();
    expect(formErrorsOf(400, { errors: [] })).toBeNull();
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(retryAfterSeconds('30', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 10:01:00 GMT', now)).toBe(60);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds('soon', now)).toBeNull();
  });
});

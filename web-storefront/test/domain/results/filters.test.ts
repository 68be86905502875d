import {
  compareBody,
  emptyFilters,
  filtersFromSearch,
  parseIdList,
  searchFromFilters,
  withFilterChange,
  withPage,
  type ComparatorFilters,
} from '../../../src/domain/results/filters';

const ctx = {
  comparator: 'Comparar/Isapres',
  organizationTypes: ['ISAPRE'],
  productType: 'ISAPRES',
  profile: { cotizante: [{ sexo: 'Femenino', edad: 34 }] },
  take: 20,
};

describe('results/filters', () => {
  test('000-3.24 id lists parse from comma-separated ids', () => {
    const filters = filtersFromSearch(
      '?insuranceTypes=Dental,Oncologico&organizations=colmena,%20banmedica,,colmena&features=f1',
    );
    expect(filters.insuranceTypes).toEqual(['Dental', 'Oncologico']);
    expect(filters.organizations).toEqual(['colmena', 'banmedica']);
    expect(filters.features).toEqual(['f1']);
    expect(filters.coverageOrganizations).toBeUndefined();
    expect(parseIdList('a,,b, a')).toEqual(['a', 'b']);
  });

  test('000-3.24 amounts, order and page are read; bad values fall back to the defaults', () => {
    const filters = filtersFromSearch(
      'fromPrice=20000&toPrice=90000.5&fromDeductible=-5&toDeductible=x&order=lowerPrice&page=3',
    );
    expect(filters).toMatchObject({ fromPrice: 20000, toPrice: 90000.5, order: 'lowerPrice', page: 3 });
    expect(filters.fromDeductible).toBeUndefined();
    expect(filters.toDeductible).toBeUndefined();
    expect(filtersFromSearch('order=cheapest&page=0')).toEqual(emptyFilters());
    expect(filtersFromSearch('page=2.5').page).toBe(1);
    expect(filtersFromSearch('order=affinity').order).toBe('distance');
  });

  test('000-3.26 every sort option the API accepts round-trips through the URL', () => {
    for (const order of ['lowerPrice', 'higherPrice', 'recommended', 'popular', 'distance'] as const) {
      expect(filtersFromSearch(searchFromFilters({ ...emptyFilters(), order })).order).toBe(order);
    }
  });

  test('000-3.25 plan filters: comercializable or not, conParto or reducidoParto, plan types by id 0, 1, 2', () => {
    const filters = filtersFromSearch('comercializable=false&parto=reducidoParto&planTypes=0,2,7');
    expect(filters).toMatchObject({
      comercializable: false,
      reducidoParto: true,
      libreEleccion: true,
      planCerrado: true,
    });
    expect(filters.conParto).toBeUndefined();
    expect(filters.prestadorPreferente).toBeUndefined();
    expect(filtersFromSearch('planTypes=1').prestadorPreferente).toBe(true);
    expect(
      searchFromFilters({ ...emptyFilters(), prestadorPreferente: true, planCerrado: true, conParto: true }),
    ).toBe('?parto=conParto&planTypes=1,2');
  });

  test('000-3.25 birth coverage is one choice: choosing one option drops the other', () => {
    const con = withFilterChange(emptyFilters(), { conParto: true });
    const reducido = withFilterChange(con, { reducidoParto: true });
    expect(reducido.reducidoParto).toBe(true);
    expect(reducido.conParto).toBeUndefined();
  });

  test('000-3.24 the URL round-trips the whole filter state and leaves out defaults', () => {
    const filters: ComparatorFilters = {
      ...emptyFilters(),
      insuranceTypes: ['Dental', 'Oncologico'],
      organizations: ['vida-sa'],
      coverageOrganizations: ['clinica-x'],
      previsiones: ['12'],
      features: ['telemedicina'],
      fromPrice: 10000,
      toPrice: 50000,
      fromDeductible: 0,
      toDeductible: 10,
      order: 'higherPrice',
      page: 2,
      comercializable: true,
      conParto: true,
      libreEleccion: true,
    };
    const search = searchFromFilters(filters);
    expect(search).toContain('insuranceTypes=Dental,Oncologico');
    expect(filtersFromSearch(search)).toEqual(filters);
    expect(searchFromFilters(emptyFilters())).toBe('');
  });

  test('000-3.24 other query parameters (perfil, productType) are kept', () => {
    const search = searchFromFilters(
      { ...emptyFilters(), features: ['a'] },
      '?perfil=eyJ9&productType=ISAPRES&features=old&page=4',
    );
    expect(search).toBe('?perfil=eyJ9&productType=ISAPRES&features=a');
  });

  test('000-4.21 a filter change resets the page to 1, and undefined clears a filter', () => {
    const onPage3 = withPage({ ...emptyFilters(), organizations: ['a'] }, 3);
    expect(onPage3.page).toBe(3);
    const changed = withFilterChange(onPage3, { organizations: undefined, order: 'popular' });
    expect(changed.page).toBe(1);
    expect(changed.organizations).toBeUndefined();
    expect(changed.order).toBe('popular');
    expect(withFilterChange(onPage3, { features: [] })).toEqual({ ...emptyFilters(), organizations: ['a'] });
  });

  test('000-7.02 the compare body carries the filters under the API field names', () => {
    const body = compareBody(
      {
        ...emptyFilters(),
        insuranceTypes: ['Dental'],
        fromPrice: 1000,
        order: 'lowerPrice',
        page: 2,
        conParto: true,
        planCerrado: true,
        comercializable: false,
      },
      { ...ctx, uuid: 'u-1' },
    );
    expect(body).toEqual({
      page: 2,
      take: 20,
      organizationTypes: ['ISAPRE'],
      order: 'lowerPrice',
      comparator: 'Comparar/Isapres',
      profile: ctx.profile,
      insuranceTypes: ['Dental'],
      fromPrice: 1000,
      productType: 'ISAPRES',
      uuid: 'u-1',
      comercializable: false,
      conParto: true,
      planCerrado: true,
    });
  });

  test('000-7.02 unset filters are left out of the body and take stays within 1 to 100', () => {
    const body = compareBody(emptyFilters(), { ...ctx, profile: null, take: 500 });
    expect(body).toEqual({
      page: 1,
      take: 100,
      organizationTypes: ['ISAPRE'],
      order: 'recommended',
      comparator: 'Comparar/Isapres',
      productType: 'ISAPRES',
    });
  });

  test("000-5.26 comparing requires organizationTypes, else 'organizationTypes es requerido'", () => {
    expect(() => compareBody(emptyFilters(), { ...ctx, organizationTypes: [] })).toThrow(
      'organizationTypes es requerido',
    );
  });

  test('001-3.11 lists set to undefined by the UI do not break the URL or the body', () => {
    const loose = {
      ...emptyFilters(),
      insuranceTypes: undefined,
      features: undefined,
    } as Partial<ComparatorFilters>;
    expect(searchFromFilters(loose)).toBe('');
    expect(compareBody(loose, ctx).insuranceTypes).toBeUndefined();
  });
});

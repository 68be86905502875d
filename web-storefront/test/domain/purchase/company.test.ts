import {
  EMPTY_COLLABORATOR,
  collaboratorErrors,
  companyErrors,
  companyFieldOf,
} from '../../../src/domain/purchase/company';

const ROW = {
  ...EMPTY_COLLABORATOR,
  name: 'Ana',
  paternalSurname: 'Soto',
  legalId: '12.345.678-5',
  birthDate: '1985-04-12',
  gender: 'Femenino',
};

describe("a company's purchase: Datos empresa and Datos colaboradores (issue 14)", () => {
  test('002-5.01 the company RUT needs its check digit; every company field is required', () => {
    const errors = companyErrors(
      {
        rut: '76.123.456-1',
        razonSocial: 'Robles SpA',
        giro: '',
        direccion: 'Av. Matta 845',
        comuna: 'Santiago',
      },
      'CL',
    );
    expect(errors).toEqual({
      rut: 'field.invalidRut',
      razonSocial: undefined,
      giro: 'field.required',
      direccion: undefined,
      comuna: undefined,
    });
  });

  test('002-5.01 002-5.08 collaborator rows: required cells, names, RUTs and a RUT twice (the second row)', () => {
    const errors = collaboratorErrors([
      ROW,
      { ...ROW, name: 'X1', legalId: '11.111.111-1' },
      { ...ROW, legalId: '12.345.678-5' },
      { ...ROW, legalId: '12.345.678-0', gender: '' },
    ]);
    expect(errors[0]).toEqual({});
    expect(errors[1]).toEqual({ name: 'field.name' });
    expect(errors[2]).toEqual({ legalId: 'purchase.family.duplicateId' });
    expect(errors[3]).toEqual({ legalId: 'field.invalidRut', gender: 'field.required' });
  });

  test("the API's field errors find their place: the company's field or a collaborator's cell", () => {
    expect(companyFieldOf('company.rut')).toEqual({ list: 'company', name: 'rut' });
    expect(companyFieldOf('body.collaborators.2.legalId')).toEqual({
      list: 'collaborators',
      index: 2,
      name: 'legalId',
    });
    expect(companyFieldOf('nombre')).toBeNull();
  });
});

import type { Profile } from '@cubre/schemas';
import type { SharedInsuranceData, VisitorProfileData } from '@cubre/schemas/site';
import { CommandRejected } from '@cubre/platform/core/decider';
import {
  visitorProfileDecider,
  type VisitorProfileDomainEvent,
} from '@cubre/services/site/profileForm/decider';
import {
  sharedInsuranceDecider,
  type SharedInsuranceDomainEvent,
} from '@cubre/services/site/sharedInsurance/decider';
import { shareCodeFor, sharedPath } from '@cubre/services/site/sharedInsurance/shareCode';
import { DeciderSpecification } from '../support/deciderSpecification';

const profileId = '3f2a6c1e-9b7d-5e4f-8a1b-2c3d4e5f6a7b';
const profileData = (profile: Profile, extra: Partial<VisitorProfileData> = {}): VisitorProfileData => ({
  profileId,
  productType: '',
  form: 'person',
  country: 'CL',
  profile,
  ...extra,
});
const submitted = (data: VisitorProfileData): VisitorProfileDomainEvent => ({
  type: 'VisitorProfileSubmitted',
  data,
});
const submit = (data: VisitorProfileData) => ({ type: 'SubmitVisitorProfile' as const, data });

describe('visitor profile decider', () => {
  const spec = DeciderSpecification.for(visitorProfileDecider);
  const young = profileData({ cotizante: [{ sexo: 'Masculino', edad: 25 }] });

  test('000-7.16 a profile posted for the first time is recorded as submitted', () => {
    spec
      .given([])
      .when(submit(young))
      .then([submitted(young)]);
  });

  test('the same content posted again records nothing, whatever the key order', () => {
    const reordered = profileData({ cotizante: [{ edad: 25, sexo: 'Masculino' }] });
    spec
      .given([submitted(young)])
      .when(submit(reordered))
      .thenNothingHappens();
  });

  test('other content for the same profile is a revision', () => {
    const older = profileData({ cotizante: [{ sexo: 'Masculino', edad: 60 }] });
    spec
      .given([submitted(young)])
      .when(submit(older))
      .then([{ type: 'VisitorProfileRevised', data: older }]);
  });

  test('a profile id names one profile: a command for another id is refused', () => {
    spec
      .given([submitted(young)])
      .when(submit({ ...young, profileId: '00000000-0000-5000-8000-000000000000' }))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(CommandRejected);
        expect(error).toMatchObject({ rule: 'profile_id', status: 409 });
      });
  });

  test('evolve counts the revisions', () => {
    const older = profileData({ cotizante: [{ edad: 60 }] });
    const state = [submitted(young), { type: 'VisitorProfileRevised' as const, data: older }].reduce(
      visitorProfileDecider.evolve,
      visitorProfileDecider.initialState(),
    );
    expect(state).toEqual({ status: 'Submitted', data: older, revisions: 1 });
  });
});

const shareData = (extra: Partial<SharedInsuranceData> = {}): SharedInsuranceData => ({
  code: 'Ab12Cd34Ef',
  productCode: 'COMP-A',
  productType: '',
  path: '/Comparar/Seguros-de-Salud',
  profile: { cotizante: [{ sexo: 'Femenino', edad: 41 }] },
  ...extra,
});
const saved = (data: SharedInsuranceData): SharedInsuranceDomainEvent => ({
  type: 'SharedInsuranceSaved',
  data,
});
const save = (data: SharedInsuranceData) => ({ type: 'SaveSharedInsurance' as const, data });

describe('shared insurance decider', () => {
  const spec = DeciderSpecification.for(sharedInsuranceDecider);

  test('000-7.26 sharing under a free code records the share', () => {
    spec
      .given([])
      .when(save(shareData()))
      .then([saved(shareData())]);
  });

  test('sharing the same content again records nothing: the visitor gets the same link back', () => {
    spec
      .given([saved(shareData())])
      .when(save(shareData()))
      .thenNothingHappens();
  });

  test('other content under a taken code is refused as a conflict on code', () => {
    spec
      .given([saved(shareData())])
      .when(save(shareData({ productCode: 'CAT-A' })))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(CommandRejected);
        expect(error).toMatchObject({ rule: 'code_taken', status: 409, field: 'code' });
      });
  });
});

describe('share codes', () => {
  test('the same content always gets the same 10-character base62 code; another attempt another one', () => {
    const code = shareCodeFor('{"productCode":"COMP-A"}');
    expect(code).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(shareCodeFor('{"productCode":"COMP-A"}')).toBe(code);
    expect(shareCodeFor('{"productCode":"COMP-A"}', 1)).not.toBe(code);
  });

  test('10,000 different contents get 10,000 different codes', () => {
    const codes = new Set(Array.from({ length: 10_000 }, (_, i) => shareCodeFor(`{"page":${i}}`)));
    expect(codes.size).toBe(10_000);
  });

  test.each([
    ['/Comparar/Isapres?perfil=abc&page=2', '/Comparar/Isapres?page=2'],
    ['/Comparar/Isapres?code=X&skipLanding=true&productType=ISAPRES&share=Y', '/Comparar/Isapres'],
    ['/Comparar/Seguros-de-Salud#top', '/Comparar/Seguros-de-Salud#top'],
  ])('the kept path of %j is %j', (path, kept) => {
    expect(sharedPath(path)).toBe(kept);
  });
});

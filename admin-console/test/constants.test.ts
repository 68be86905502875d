import { Country } from '@cubre/schemas/catalogue/common';
import {
  LEAD_EVENT_TYPES as SCHEMA_EVENT_TYPES,
  REQUEST_TYPES as SCHEMA_REQUEST_TYPES,
} from '@cubre/schemas/leads/policy';
import { COUNTRIES, LEAD_EVENT_TYPES, REQUEST_TYPES } from '../src/leads/constants';

describe("the console's copies of the schemas' lists stay equal to them", () => {
  test('002-3.21 request types', () => {
    expect(REQUEST_TYPES).toEqual(SCHEMA_REQUEST_TYPES);
  });
  test('002-3.25 event types LLAMADA and REUNION', () => {
    expect(LEAD_EVENT_TYPES).toEqual(SCHEMA_EVENT_TYPES);
  });
  test('editions', () => {
    expect(COUNTRIES).toEqual(Country.options);
  });
});

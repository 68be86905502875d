export * from './catalogue';
export * from './features';
export * from './organizations';
export { DEMO_REFERENCE_DATE } from './products';
export { Prng } from './prng';

export { SandboxGateway } from './sandboxGateway';
export { sandboxTokenizerRouter, type TokenizerOptions } from './tokenizerRouter';
export { TokenVault } from './tokenVault';
export { KUSHKI_TEST_CARDS, scenarioFor } from './testCards';

import type { RuntimeConfig } from './config';
import { dataDirSecret } from './dataDirSecret';

/**
 * The operators' token for /ops: OPS_TOKEN when set (every process of a site shares it), else a random
 * one this process keeps in DATA_DIR/ops-token, readable by the data folder's owner only. Operators and
 * `npm run projections:rebuild` read it from there.
 */
export function opsTokenOf(config: Pick<RuntimeConfig, 'OPS_TOKEN' | 'DATA_DIR'>): string {
  return config.OPS_TOKEN ?? dataDirSecret(config.DATA_DIR, 'ops-token');
}

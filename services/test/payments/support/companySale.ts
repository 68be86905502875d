import type { Runtime } from '@cubre/services/runtime/runtime';

/**
 * Until a paid company sale's policy shows in the read models: the company-sale reactor has answered the
 * sale (its policy, roster and organization written), then the group-insurance and identity projections
 * have applied what it wrote. The HTTP, console and storefront tests of a company's purchase wait on it.
 */
export async function companyPolicySettled(
  runtime: Pick<Runtime, 'engines' | 'runner'>,
  timeoutMs = 15_000,
): Promise<void> {
  const reacted = await runtime.engines.eventStore.headPosition();
  const answered = await runtime.runner!.waitUntilVisible(
    { globalPosition: reacted, streamId: 'sale-x' },
    ['companySalePolicies'],
    timeoutMs,
  );
  const written = await runtime.engines.eventStore.headPosition();
  const shown = await runtime.runner!.waitUntilVisible(
    { globalPosition: written, streamId: 'policyRoster-x' },
    ['groupInsurance', 'identity'],
    timeoutMs,
  );
  if (!answered || !shown)
    throw new Error(`the company sale's policy was not in the read models in ${timeoutMs} ms`);
}

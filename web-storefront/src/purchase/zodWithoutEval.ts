import { config } from 'zod';

/**
 * zod's object schemas probe `new Function('')` when they are built, to pick a compiled parser. Under the
 * site's Content-Security-Policy (no 'unsafe-eval') the probe fails quietly but the browser reports a
 * violation. Imported first by the chunk that builds such schemas in the browser (the 002 §5 card rules of
 * Kushki's payment step), before they are built: zod then parses the same without code generation.
 */
config({ jitless: true });

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ContactInformation, PHONE_PATTERN, EMAIL_PATTERN, QP_VERSION_PATTERN } from '@cubre/schemas/site';
import { z } from 'zod';
import { DEFAULT_CONTACT_INFORMATION, withChannelValue } from './shell/contactInformation';

/**
 * The site's settings, read from the environment once when the routes are built, like the runtime's own
 * (twelve-factor): a bad value stops the process at start, naming the variable.
 *
 * | variable | default | meaning |
 * | `QP_VERSION` | the root package.json's version | what GET /api/qp-version answers |
 * | `CONTACT_INFORMATION_FILE` | unset | JSON file with `{contacts, socialNetworks}` replacing the defaults |
 * | `CONTACT_WHATSAPP`, `CONTACT_PHONE`, `CONTACT_EMAIL` | unset | override one channel's value |
 */
export interface SiteConfig {
  version: string;
  contactInformation: ContactInformation;
}

const SiteEnv = z.object({
  QP_VERSION: z.string().regex(QP_VERSION_PATTERN, 'letters, digits and . + _ - (at most 64)').optional(),
  CONTACT_INFORMATION_FILE: z.string().min(1).optional(),
  CONTACT_WHATSAPP: z.string().regex(PHONE_PATTERN, 'a phone such as +56 9 1234 5678').optional(),
  CONTACT_PHONE: z.string().regex(PHONE_PATTERN, 'a phone such as +56 2 2345 6789').optional(),
  CONTACT_EMAIL: z.string().regex(EMAIL_PATTERN, 'an e-mail address').optional(),
});

const ROOT_PACKAGE_NAME = 'cubre';

/**
 * The version of the root package.json, found by walking up from this file: the same answer from the
 * sources (services/src/site) and from the bundle (dist/).
 */
export function rootPackageVersion(from: string = __dirname): string | undefined {
  let dir = from;
  for (let depth = 0; depth < 8; depth++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const parsed = z
        .object({ name: z.string(), version: z.string().regex(QP_VERSION_PATTERN) })
        .safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (parsed.success && parsed.data.name === ROOT_PACKAGE_NAME) return parsed.data.version;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

function fail(lines: string[]): never {
  throw new Error(`invalid configuration:\n${lines.map((line) => `  ${line}`).join('\n')}`);
}

function contactFile(path: string): ContactInformation {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail([`CONTACT_INFORMATION_FILE: cannot read ${path} (${(error as NodeJS.ErrnoException).code})`]);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail([`CONTACT_INFORMATION_FILE: ${path} is not JSON`]);
  }
  const parsed = ContactInformation.safeParse(json);
  if (!parsed.success) {
    return fail(
      parsed.error.issues.map(
        (issue) => `CONTACT_INFORMATION_FILE: ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      ),
    );
  }
  return parsed.data;
}

export function loadSiteConfig(env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const parsed = SiteEnv.safeParse(env);
  if (!parsed.success) fail(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const settings = parsed.data;
  let contactInformation = settings.CONTACT_INFORMATION_FILE
    ? contactFile(settings.CONTACT_INFORMATION_FILE)
    : DEFAULT_CONTACT_INFORMATION;
  if (settings.CONTACT_WHATSAPP)
    contactInformation = withChannelValue(contactInformation, 'whatsapp', settings.CONTACT_WHATSAPP);
  if (settings.CONTACT_PHONE)
    contactInformation = withChannelValue(contactInformation, 'phone', settings.CONTACT_PHONE);
  if (settings.CONTACT_EMAIL)
    contactInformation = withChannelValue(contactInformation, 'email', settings.CONTACT_EMAIL);
  return {
    version: settings.QP_VERSION ?? rootPackageVersion() ?? '0.0.0',
    contactInformation,
  };
}

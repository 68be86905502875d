import type { ContactChannel, ContactChannelType, ContactInformation } from '@cubre/schemas/site';

/**
 * Chile's defaults (seed 002 §3: channels whatsapp, phone and email; groups contacts and social networks).
 * The company's own lines, never a person's: a Santiago landline, a WhatsApp business line and the
 * contact mailbox. They are placeholders until the real ones are configured (CONTACT_* variables or
 * CONTACT_INFORMATION_FILE); social networks have no default, because linking accounts we do not own
 * would send visitors to strangers.
 */
export const DEFAULT_CONTACT_INFORMATION: ContactInformation = {
  contacts: [
    {
      id: 'whatsapp',
      type: 'whatsapp',
      label: 'WhatsApp',
      value: '+56 9 2000 0000',
      icon: 'whatsapp',
      schedule: 'Lunes a viernes de 9:00 a 18:00',
    },
    {
      id: 'phone',
      type: 'phone',
      label: 'Teléfono',
      value: '+56 2 2000 0000',
      icon: 'phone',
      schedule: 'Lunes a viernes de 9:00 a 18:00',
    },
    { id: 'email', type: 'email', label: 'Correo', value: 'contacto@cubre.cl', icon: 'email' },
  ],
  socialNetworks: [],
};

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** Where a click on the channel goes: wa.me for WhatsApp, tel: and mailto: for the others. */
function urlOf(channel: ContactChannel): string | undefined {
  if (channel.url) return channel.url;
  switch (channel.type) {
    case 'whatsapp':
      return `https://wa.me/${digitsOf(channel.value)}`;
    case 'phone':
      return `tel:+${digitsOf(channel.value)}`;
    case 'email':
      return `mailto:${channel.value}`;
    default:
      return undefined;
  }
}

/** The answer: every channel with its url and icon filled in. */
export function contactInformationResponse(config: ContactInformation): ContactInformation {
  const complete = (channel: ContactChannel): ContactChannel => ({
    ...channel,
    url: urlOf(channel),
    icon: channel.icon ?? channel.type,
  });
  return { contacts: config.contacts.map(complete), socialNetworks: config.socialNetworks.map(complete) };
}

/** Sets the value of the first channel of a type (adding it to contacts when missing); its url is derived again. */
export function withChannelValue(
  config: ContactInformation,
  type: ContactChannelType,
  value: string,
): ContactInformation {
  const replace = (channels: ContactChannel[]) =>
    channels.map((channel) => (channel.type === type ? { ...channel, value, url: undefined } : channel));
  const present = [...config.contacts, ...config.socialNetworks].some((channel) => channel.type === type);
  if (present) return { contacts: replace(config.contacts), socialNetworks: replace(config.socialNetworks) };
  const fallback = DEFAULT_CONTACT_INFORMATION.contacts.find((channel) => channel.type === type);
  const added: ContactChannel = fallback ? { ...fallback, value } : { id: type, type, label: type, value };
  return { ...config, contacts: [...config.contacts, added] };
}

import { readMessage, type Received } from '../mail/support/smtpSink';

/**
 * The accept link of a received invitation mail and its token (after `#token=`): the same link in the
 * text and behind the HTML's button, as the invitee would follow it.
 */
export function invitationLinkOf(message: Received) {
  const { text, html } = readMessage(message.raw);
  const link = /https:\/\/cubre\.test\/admin\/invitacion#token=([\w.-]+)/.exec(text);
  if (!link) throw new Error(`no invitation link in: ${text}`);
  if (!html.includes(`href="${link[0]}"`)) throw new Error(`the HTML's button is not ${link[0]}`);
  return { link: link[0], token: link[1]! };
}

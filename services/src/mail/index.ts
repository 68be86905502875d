/**
 * The mail domain (issue 15): other domains request mails through the `MailRequester` port
 * (schemas/src/mail/mailRequest.ts); the dispatcher sends them. Decisions: README.md beside this file.
 */
export { mailRequester, type MailRequesterOptions } from './requester';
export { mailIdOf, mailStream } from './mailDecider';

import { useState } from 'react';
import Alert from '@mui/material/Alert';
import { limitAnswerOf } from '../api/limitAnswer';
import { RobotPanel } from '../comparator/StatusPanels';
import { catalogueTextLang } from '../domain/shell/i18n';
import { useI18n } from '../i18n/I18nProvider';

type Limit = ReturnType<typeof limitAnswerOf>;

/**
 * A form's send: whether it runs, and what the last one ran into (for `SendProblems`): the API's limits
 * (issue 13) or the words of an error no field of the form can show. The forms (Solicitar, contacto, the
 * purchase's steps) share it so a limit or a failure reads and clears the same on each.
 */
export function useSendProblems() {
  const [failure, setFailure] = useState<string | null>(null);
  const [limit, setLimit] = useState<Limit>(null);
  const [sending, setSending] = useState(false);
  const clear = () => {
    setFailure(null);
    setLimit(null);
  };
  const caught = (error: unknown, placed: (error: unknown) => boolean = () => false) => {
    const limited = limitAnswerOf(error);
    if (limited) setLimit(limited);
    else if (!placed(error)) setFailure(error instanceof Error ? error.message : String(error));
  };
  return {
    sending,
    failure,
    limit,
    clear,
    caught,
    /** A send from start to end: `sending` while it runs, the last send's problems cleared, its error caught. */
    async attempt(send: () => Promise<void>, placed?: (error: unknown) => boolean) {
      setSending(true);
      clear();
      try {
        await send();
      } catch (error) {
        caught(error, placed);
      } finally {
        setSending(false);
      }
    },
  };
}

/**
 * Under a form, above its button: the failure (the API's or the browser's own words, so in their language),
 * the "Soy humano!" panel that sends again (000-8.03) or the 429's "come back later".
 */
export function SendProblems({
  failure,
  limit,
  onHuman,
  failureTestId,
}: {
  failure: string | null;
  limit: Limit;
  onHuman(): void;
  failureTestId?: string;
}) {
  const { t, lang } = useI18n();
  return (
    <>
      {failure && (
        <Alert severity="error" data-testid={failureTestId} lang={catalogueTextLang(lang)}>
          {failure}
        </Alert>
      )}
      {limit === 'robot' && <RobotPanel onHuman={onHuman} />}
      {limit === 'tooMany' && (
        <Alert severity="warning" data-testid="too-many">
          {t('limit.tooMany')}
        </Alert>
      )}
    </>
  );
}

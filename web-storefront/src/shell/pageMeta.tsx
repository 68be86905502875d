import { useEffect } from 'react';
import { useI18n } from '../i18n/I18nProvider';

/** Pages on screen that set their own description; the layout's default waits while one does. */
let claims = 0;

function writeDescription(text: string) {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.appendChild(meta);
  }
  meta.content = text;
}

/**
 * A page's document title ('{title} · Cubre') and meta description, in the page's language (issue 11).
 * Nothing is written until the title is known (a comparator's name arrives with its answer).
 */
export function usePageMeta(title: string | null | undefined, description: string) {
  useEffect(() => {
    if (!title) return;
    claims += 1;
    document.title = `${title} · Cubre`;
    writeDescription(description);
    return () => {
      claims -= 1;
    };
  }, [title, description]);
}

/**
 * The site's description in the page's language for pages that set none. Layout draws it after the page,
 * so its effect runs once the page's own have, after each navigation and language change.
 */
export function DefaultMeta({ path }: { path: string }) {
  const description = useI18n().t('meta.description');
  useEffect(() => {
    if (claims === 0 && description) writeDescription(description);
  }, [description, path]);
  return null;
}

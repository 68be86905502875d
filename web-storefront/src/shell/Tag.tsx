import type { ReactNode } from 'react';
import './tag.css';

export type TagTone = 'default' | 'outlined' | 'new' | 'exclusive' | 'primary' | 'popular';

/**
 * A small label (badges, feature names). A span with a class rather than MUI's Chip or an sx box: a page
 * draws a few hundred of them, and per-element style computation showed in the first cards' time.
 */
export function Tag({
  children,
  tone = 'default',
  title,
  testId,
}: {
  children: ReactNode;
  tone?: TagTone;
  title?: string;
  testId?: string;
}) {
  return (
    <span className={`cubre-tag cubre-tag--${tone}`} title={title} data-testid={testId}>
      {children}
    </span>
  );
}

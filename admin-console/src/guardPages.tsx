import type { ComponentType } from 'react';
import { CanAccess, Navigate, useBasename, useResourceContext } from 'react-admin';

type Action = 'list' | 'create' | 'edit' | 'show';
type Page = ComponentType<object>;
type Pages = Partial<Record<Action, Page>>;

function AccessDenied() {
  return <Navigate to={`${useBasename()}/access-denied`} replace />;
}

/**
 * A resource's page, drawn only once the user may open it: react-admin's own pages ask the server for their
 * data as soon as the access check ends, whatever its answer, so an executive who typed /admin/roles got a
 * refused request and its 403 notice before the access-denied page. Here the page never mounts for them.
 */
function guard(action: Action, Page: Page): Page {
  function GuardedPage(props: object) {
    const resource = useResourceContext();
    return (
      <CanAccess resource={resource} action={action} accessDenied={<AccessDenied />}>
        <Page {...props} />
      </CanAccess>
    );
  }
  GuardedPage.displayName = `Guarded(${Page.displayName ?? Page.name})`;
  return GuardedPage;
}

/** A resource definition with each of its pages behind the user's permission for it. */
export function guardPages<T extends Pages>(definition: T): T {
  const guarded: Pages = { ...definition };
  for (const action of ['list', 'create', 'edit', 'show'] as const) {
    const page = definition[action];
    if (page) guarded[action] = guard(action, page);
  }
  return guarded as T;
}

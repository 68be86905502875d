import { LANGUAGES, DEFAULT_LANGUAGE } from './language';
import { pagesOf, type Edition, type PageRoute } from './pages';

/**
 * Which page of the table (./pages.ts) the storefront's router shows for a path: the server's side of the
 * one route table, so it can answer 404 for the paths the router gives to its 404 page. The router is
 * React Router 7, whose choice is not "first match" but "best ranked match": this file ranks the same way
 * (its computeScore, explodeOptionalSegments and compilePath, case-insensitive), over the tree
 * web-storefront/src/app/routes.tsx builds: the pages at the root, then a catch-all, then the same pages
 * under /en and /pt. A test matches a list of paths through both and expects the same page.
 */

export interface PageMatch {
  /** The page, or null when only the catch-all takes the path (the 404 page). */
  page: PageRoute | null;
  params: Record<string, string>;
}

interface Branch {
  page: PageRoute | null;
  score: number;
  matcher: RegExp;
  names: string[];
  /** Position in the tree, to order siblings of equal score as the router does. */
  indexes: number[];
}

const CATCH_ALL = '*';
const PREFIXES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/\/+/g, '/');

/** 'a/:b?/c' → ['a/:b/c', 'a/c'], in the router's order. */
function explode(path: string): string[] {
  if (!path.includes('?')) return [path];
  const [first = '', ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const tails = explode(rest.join('/'));
  const result = tails.map((tail) => (tail === '' ? required : `${required}/${tail}`));
  if (optional) result.push(...tails);
  return result;
}

function score(path: string, index: boolean): number {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    total += /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return total;
}

function compile(path: string): { matcher: RegExp; names: string[] } {
  const names: string[] = [];
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_whole, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    })}`;
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { matcher: new RegExp(source, 'i'), names };
}

function branchesOf(edition: Edition): Branch[] {
  const pages = pagesOf(edition);
  const children: (PageRoute | null)[] = [...pages, null];
  const branches: Branch[] = [];
  const group = (prefix: string, at: number[]) =>
    children.forEach((page, position) => {
      const relative = page ? page.path : CATCH_ALL;
      for (const path of explode(relative)) {
        const full = joinPaths(['/', prefix, path]);
        branches.push({
          page,
          score: score(full, page?.path === ''),
          ...compile(full),
          indexes: [...at, position],
        });
      }
    });
  group('', [0]);
  PREFIXES.forEach((prefix, position) => group(prefix, [0, children.length + position]));
  const siblings = (a: number[], b: number[]) =>
    a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i])
      ? a[a.length - 1]! - b[b.length - 1]!
      : 0;
  return branches.sort((a, b) => (a.score !== b.score ? b.score - a.score : siblings(a.indexes, b.indexes)));
}

const ranked = new Map<Edition, Branch[]>();

/** The router decodes each segment before matching, keeping an encoded slash as one. */
function decodePath(path: string): string {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

/** The page the router shows for `pathname` in `edition`, with its parameters. */
export function matchPage(pathname: string, edition: Edition): PageMatch {
  let branches = ranked.get(edition);
  if (!branches) ranked.set(edition, (branches = branchesOf(edition)));
  const decoded = decodePath(pathname);
  for (const branch of branches) {
    const found = branch.matcher.exec(decoded);
    if (!found) continue;
    const params: Record<string, string> = {};
    branch.names.forEach((name, i) => (params[name] = (found[i + 1] ?? '').replace(/%2F/g, '/')));
    return { page: branch.page, params };
  }
  return { page: null, params: {} };
}

import type { SortField } from '../../memory/sortKeys';
import { termsSql, type FieldTerm, type OrTerm, type Term, type Translation } from './conditions';
import { indexDefinition, type IndexDefinition } from './schema';

/**
 * Picks how a query finds its documents and writes the SQL, forcing SQLite onto that choice (INDEXED BY,
 * NOT INDEXED) instead of leaving it to statistics that go stale as a collection grows. The choices:
 * - `id`: `_id` equals one value or a few;
 * - `index`: the index whose leading fields the filter's equalities (and then a range) name;
 * - `multikey`: an equality on a field that has held arrays, through its index's key table;
 * - `union`: an `$or` whose every branch an index serves (MongoDB's plan for the same filter): the
 *   branches' candidates, then the rest of the filter, then the sort and page;
 * - `walk`: an index in the sort's order, read until the page is full (a first page, newest first);
 * - `keys`: a substring condition answered by reading one index's keys, never the documents;
 * - `scan`: every document, when nothing else applies.
 * When several indexes could serve, and none makes the others redundant, each is probed: its candidates
 * counted up to a small cap (microseconds), the fewest wins.
 */

export type AccessType = 'id' | 'index' | 'multikey' | 'union' | 'walk' | 'keys' | 'scan';

export interface Access {
  type: AccessType;
  /** Declared index names the access reads (the `_id` index is `_id_`). */
  indexes: string[];
  /** `FROM … [WHERE …]` that yields the candidates, before the rest of the filter. */
  from: string;
  /** Extra WHERE condition of the access itself (a union's or a key read's `seq IN (…)`). */
  where?: { sql: string; params: unknown[] };
  /** Whether the rows come in the sort's order without sorting. */
  sorted: boolean;
}

export interface Probe {
  access: string;
  candidates: number;
  /** The count stopped at the cap: at least this many. */
  capped: boolean;
}

export interface CollectionFacts {
  table: string;
  idIndex: string;
  indexes: readonly IndexDefinition[];
  indexName(name: string): string;
  /** Counts the rows of `sql` up to `cap` (a probe). */
  countUpTo(sql: string, params: unknown[], cap: number): number;
  /** Equalities of the filter on fields that have held arrays, as lookups of their key tables. */
  multikeyLookups: { index: string; sql: string; params: unknown[] }[];
}

const ID_INDEX: IndexDefinition = { ...indexDefinition({ _id: 1 }, true), name: '_id_' };

/** Below this many candidates an index is cheap whatever else could serve the query. */
const PROBE_CAP = 256;
/** A walk in the sort's order beats a narrower index when that index leaves this many pages or more. */
const WALK_PAGES = 8;

interface Candidate {
  access: Access;
  /** The access yields the sort's whole order (not only its first field's). */
  fullySorted?: boolean;
  /** Paths the access narrows by (equalities, then a range). */
  fields: string[];
  equalities: number;
  probeSql: { sql: string; params: unknown[] };
}

const fieldTerms = (terms: readonly Term[]): FieldTerm[] =>
  terms.filter((term): term is FieldTerm => term.type === 'field');

const isEquality = (term: FieldTerm) => term.use === 'eq' || term.use === 'in';

/**
 * How an index serves these terms: its leading fields with an equality, then one with a range; whether
 * it also yields the sort's order (after the equalities, the sort's fields in the index's order or all
 * reversed, and no multi-value `$in` before them).
 */
function indexUse(index: IndexDefinition, terms: readonly FieldTerm[], sort: readonly SortField[]) {
  const used: FieldTerm[] = [];
  const fields: string[] = [];
  let equalities = 0;
  let multiValue = false;
  let rangePath: string | undefined;
  for (const field of index.fields) {
    const path = field.path.text;
    const equal = terms.filter((term) => term.path === path && isEquality(term));
    if (equal.length > 0) {
      used.push(...equal);
      fields.push(path);
      equalities++;
      multiValue ||= equal.every((term) => term.use === 'in');
      continue;
    }
    const range = terms.filter((term) => term.path === path && term.use === 'range');
    if (range.length > 0) {
      used.push(...range);
      fields.push(path);
      rangePath = path;
    }
    break;
  }
  // A sort field an equality pins to one value orders nothing: the order is the rest's (a list sorted by
  // state and filtered to one state is in `_id` order).
  const pinned = new Set(used.filter((term) => term.use === 'eq').map((term) => term.path));
  const order = sort.filter((field) => !pinned.has(field.path.text));
  // The index yields the order of the sort's first field (read forwards or backwards); SQLite sorts ties
  // by the rest as they come (`_id`, which lists add), still stopping at the page.
  const after = index.fields[equalities];
  const sorted =
    order.length > 0 &&
    !multiValue &&
    after !== undefined &&
    order[0]!.path.text === after.path.text &&
    (rangePath === undefined || rangePath === after.path.text);
  // It yields the whole order when its next fields are the sort's, all in their directions or all reversed:
  // then SQLite sorts nothing, not even the ties of the first field (an export paging through a state).
  const next = index.fields.slice(equalities, equalities + order.length);
  const flip = order[0] && next[0] ? order[0].direction * next[0].direction : 0;
  const fullySorted =
    sorted &&
    next.length === order.length &&
    next.every(
      (field, i) => field.path.text === order[i]!.path.text && field.direction * order[i]!.direction === flip,
    );
  return { used, fields, equalities, sorted, fullySorted };
}

function indexCandidate(
  facts: CollectionFacts,
  index: IndexDefinition,
  terms: readonly FieldTerm[],
  sort: readonly SortField[],
): Candidate & { narrows: boolean } {
  const use = indexUse(index, terms, sort);
  const from = `${facts.table} INDEXED BY ${facts.indexName(index.name)}`;
  const probe = termsSql(use.used);
  return {
    access: { type: 'index', indexes: [index.name], from, sorted: use.sorted },
    fullySorted: use.fullySorted,
    fields: use.fields,
    equalities: use.equalities,
    narrows: use.fields.length > 0,
    probeSql: {
      sql: `SELECT 1 FROM ${from}${probe.sql ? ` WHERE ${probe.sql}` : ''}`,
      params: probe.params,
    },
  };
}

/** The index whose keys hold `path` first: the one a substring condition reads whole. */
const keyIndexOf = (facts: CollectionFacts, path: string): IndexDefinition | undefined =>
  path === '_id'
    ? ID_INDEX
    : facts.indexes.find((index) => index.inSql && index.fields[0]!.path.text === path);

/** The access of one `$or` branch: its `_id`, or its index with the most equalities; undefined if none. */
function branchAccess(facts: CollectionFacts, terms: readonly FieldTerm[]) {
  const ids = terms.filter((term) => term.path === '_id' && isEquality(term));
  if (ids.length > 0) {
    const sql = termsSql(ids);
    return {
      index: '_id_',
      sql: `SELECT seq FROM ${facts.table} INDEXED BY ${facts.idIndex} WHERE ${sql.sql}`,
      params: sql.params,
    };
  }
  let best: { index: IndexDefinition; used: FieldTerm[]; score: number } | undefined;
  for (const index of facts.indexes) {
    if (!index.inSql) continue;
    const use = indexUse(index, terms, []);
    const score = use.equalities * 2 + (use.fields.length > use.equalities ? 1 : 0);
    if (score > 0 && (!best || score > best.score)) best = { index, used: use.used, score };
  }
  if (!best) {
    // A substring: the keys of an index on its field, read whole (never the documents).
    const keys = terms.find((term) => term.use === 'keys');
    const index = keys && keyIndexOf(facts, keys.path);
    if (!keys || !index) return undefined;
    return {
      index: index.name,
      sql: `SELECT seq FROM ${facts.table} INDEXED BY ${facts.indexName(index.name)} WHERE ${keys.sql}`,
      params: keys.params,
    };
  }
  // Every term of the branch, so the union holds its matches only.
  const sql = termsSql(terms);
  return {
    index: best.index.name,
    sql: `SELECT seq FROM ${facts.table} INDEXED BY ${facts.indexName(best.index.name)} WHERE ${sql.sql}`,
    params: sql.params,
  };
}

function unionCandidate(facts: CollectionFacts, or: OrTerm): Candidate | undefined {
  const branches = [];
  for (const branch of or.branches) {
    const access = branchAccess(facts, fieldTerms(branch));
    if (!access) return undefined;
    branches.push(access);
  }
  const union = {
    sql: branches.map((branch) => branch.sql).join(' UNION '),
    params: branches.flatMap((branch) => branch.params),
  };
  return {
    access: {
      type: 'union',
      indexes: branches.map((branch) => branch.index),
      from: `${facts.table} NOT INDEXED`,
      where: { sql: `seq IN (${union.sql})`, params: union.params },
      sorted: false,
    },
    fields: [],
    equalities: 0,
    probeSql: union,
  };
}

/** Whether candidate `a` makes `b` redundant: it narrows by every field `b` does, and sorts if `b` does. */
const dominates = (a: Candidate, b: Candidate): boolean =>
  a.access.type === 'index' &&
  b.access.type === 'index' &&
  b.fields.every((field) => a.fields.includes(field)) &&
  (a.access.sorted || !b.access.sorted) &&
  (Boolean(a.fullySorted) || !b.fullySorted);

export interface AccessChoice {
  access: Access;
  probes: Probe[];
}

/**
 * The access for a query with these translated terms, sort and page end (`skip + limit`, 0 for none).
 */
export function chooseAccess(
  facts: CollectionFacts,
  translation: Translation,
  sort: readonly SortField[],
  end: number,
): AccessChoice {
  const terms = fieldTerms(translation.terms);
  const probes: Probe[] = [];
  const ids = terms.filter((term) => term.path === '_id' && isEquality(term));
  if (ids.length > 0) {
    return {
      access: {
        type: 'id',
        indexes: ['_id_'],
        from: `${facts.table} INDEXED BY ${facts.idIndex}`,
        sorted: false,
      },
      probes,
    };
  }

  // `_id_` stands for the id column's own index: a range or a sort on `_id` reads it.
  const sqlIndexes = [ID_INDEX, ...facts.indexes.filter((index) => index.inSql)];
  const candidates: Candidate[] = [];
  const walks: Candidate[] = [];
  for (const index of sqlIndexes) {
    const candidate = indexCandidate(facts, index, terms, sort);
    if (candidate.narrows) candidates.push(candidate);
    else if (candidate.access.sorted)
      walks.push({ ...candidate, access: { ...candidate.access, type: 'walk' } });
  }
  // The walk that yields the whole order first (stable: otherwise the first declared).
  walks.sort((a, b) => Number(Boolean(b.fullySorted)) - Number(Boolean(a.fullySorted)));
  for (const or of translation.terms) {
    if (or.type !== 'or') continue;
    const union = unionCandidate(facts, or);
    if (union) candidates.push(union);
  }
  for (const lookup of facts.multikeyLookups) {
    candidates.push({
      access: {
        type: 'multikey',
        indexes: [lookup.index],
        from: `${facts.table} NOT INDEXED`,
        where: { sql: `seq IN (${lookup.sql})`, params: lookup.params },
        sorted: false,
      },
      fields: [],
      equalities: 1,
      probeSql: lookup,
    });
  }

  const probe = (candidate: Candidate, cap: number): number => {
    const count = facts.countUpTo(candidate.probeSql.sql, candidate.probeSql.params, cap);
    probes.push({ access: describeAccess(candidate.access), candidates: count, capped: count >= cap });
    return count;
  };

  let chosen: Candidate | undefined;
  let chosenCount: number | undefined;
  const remaining = candidates.filter(
    (candidate) =>
      !candidates.some(
        (other) => other !== candidate && dominates(other, candidate) && !dominates(candidate, other),
      ),
  );
  // Equal twins (two indexes naming the same fields) leave one: the first declared.
  const distinct = remaining.filter(
    (candidate, i) =>
      !remaining.slice(0, i).some((other) => dominates(other, candidate) && dominates(candidate, other)),
  );
  if (distinct.length === 1) {
    chosen = distinct[0];
  } else if (distinct.length > 1) {
    const cap = Math.max(PROBE_CAP, sort.length > 0 && end > 0 ? WALK_PAGES * end : 0);
    // Key lookups (an `$or` of equalities, a multikey equality) first: they usually find a handful. Each
    // later probe counts only to one past the fewest found so far, which is all the choice needs: the
    // duplicate check of a plan request counted 256 leads of its product and 256 of its window on every
    // request at 100,000 leads, after its RUT-or-e-mail union had found none (issue 12's profile).
    const ordered = [
      ...distinct.filter((candidate) => candidate.access.type !== 'index'),
      ...distinct.filter((candidate) => candidate.access.type === 'index'),
    ];
    let fewest = cap;
    const counted = ordered.map((candidate) => {
      const count = probe(candidate, Math.min(cap, fewest + 1));
      fewest = Math.min(fewest, count);
      return { candidate, count };
    });
    counted.sort(
      (a, b) =>
        Math.min(a.count, cap) - Math.min(b.count, cap) ||
        Number(b.candidate.access.sorted) - Number(a.candidate.access.sorted) ||
        Number(Boolean(b.candidate.fullySorted)) - Number(Boolean(a.candidate.fullySorted)) ||
        b.candidate.equalities - a.candidate.equalities,
    );
    chosen = counted[0]!.candidate;
    chosenCount = counted[0]!.count;
  }

  if (chosen) {
    // A page in sort order from a large candidate set is cheaper read off an index in that order.
    const walk = walks[0];
    if (walk && !chosen.access.sorted && sort.length > 0 && end > 0) {
      const cap = WALK_PAGES * end;
      if ((chosenCount ?? probe(chosen, cap)) >= cap) return { access: walk.access, probes };
    }
    return { access: chosen.access, probes };
  }

  const keyTerm = terms.find((term) => term.use === 'keys');
  const keyIndex = keyTerm && keyIndexOf(facts, keyTerm.path);
  if (keyTerm && keyIndex) {
    return {
      access: {
        type: 'keys',
        indexes: [keyIndex.name],
        from: `${facts.table} NOT INDEXED`,
        where: {
          sql: `seq IN (SELECT seq FROM ${facts.table} INDEXED BY ${facts.indexName(keyIndex.name)} WHERE ${keyTerm.sql})`,
          params: keyTerm.params,
        },
        sorted: false,
      },
      probes,
    };
  }
  if (walks[0]) return { access: walks[0].access, probes };
  return { access: { type: 'scan', indexes: [], from: `${facts.table} NOT INDEXED`, sorted: false }, probes };
}

export const describeAccess = (access: Access): string =>
  access.indexes.length > 0 ? `${access.type}(${access.indexes.join(' | ')})` : access.type;

/**
 * The request draft of the API tester (tested in mockman-mfe/test/mockman.test.tsx): request type, endpoint,
 * body text and header rows. Pure functions, so the page and the tests share the rules.
 */
import { STORAGE_KEYS } from '@social/mock-api/contract';

export const REQUEST_TYPES = ['GET', 'POST', 'DELETE'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export interface HeaderRow {
  /** Client-only key so React keeps focus on the row being typed in; never stored. */
  id: string;
  isUsed: boolean;
  header: string;
  value: string;
}

export interface RequestDraft {
  reqType: RequestType;
  endpoint: string;
  body: string;
  headers: HeaderRow[];
}

let nextRowId = 0;
const rowId = () => `row-${(nextRowId += 1)}`;

const blankRow = (): HeaderRow => ({ id: rowId(), isUsed: false, header: '', value: '' });

const isBlank = (row: HeaderRow) => !row.isUsed && row.header === '' && row.value === '';

/** The default request, with the navigation context's Accept row and the blank row to type in. */
export function initialDraft(): RequestDraft {
  return {
    reqType: 'GET',
    endpoint: '/api/test-todos',
    body: '{}',
    headers: [{ id: rowId(), isUsed: true, header: 'Accept', value: '*/*' }, blankRow()],
  };
}

/** Keeps the invariant: the last row is always a blank one to type a new header into. */
function withTrailingBlank(rows: HeaderRow[]): HeaderRow[] {
  const last = rows[rows.length - 1];
  return last && isBlank(last) ? rows : [...rows, blankRow()];
}

export const countUsedRows = (rows: HeaderRow[]) => rows.filter((row) => row.isUsed).length;

/**
 * Applies an edit to one row. Typing a name or value into the blank last row marks it used
 * (the member clearly means to send it); either way a fresh blank row follows.
 */
export function editRow(rows: HeaderRow[], id: string, change: Partial<Pick<HeaderRow, 'isUsed' | 'header' | 'value'>>): HeaderRow[] {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return rows;
  const old = rows[index]!;
  const updated = { ...old, ...change };
  const typedIntoBlankLast = index === rows.length - 1 && isBlank(old) && change.isUsed === undefined;
  if (typedIntoBlankLast) updated.isUsed = true;
  const next = rows.slice();
  next[index] = updated;
  return withTrailingBlank(next);
}

export function removeRow(rows: HeaderRow[], id: string): HeaderRow[] {
  return withTrailingBlank(rows.filter((row) => row.id !== id));
}

/** Adds the member's token as an `authorization` row in use, or updates the existing one. */
export function withAuthorization(rows: HeaderRow[], token: string): HeaderRow[] {
  const existing = rows.find((row) => row.header.trim().toLowerCase() === 'authorization');
  if (existing) return rows.map((row) => (row === existing ? { ...row, isUsed: true, value: token } : row));
  const trailing = rows.slice(0, -1);
  return withTrailingBlank([...trailing, { id: rowId(), isUsed: true, header: 'authorization', value: token }]);
}

// ---- Validation ----

/** Empty or invalid JSON is refused; any valid JSON is accepted. */
export function isValidJson(text: string): boolean {
  if (!text.trim()) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const ENDPOINT_MESSAGE = 'Enter the endpoint as a path starting with / (like /api/posts) or as an http:// or https:// URL.';

/** A path on this site or an absolute http(s) URL; anything else (ftp:, javascript:, "api/x") is refused. */
export function isValidEndpoint(endpoint: string): boolean {
  const value = endpoint.trim();
  if (value.startsWith('//')) return false; // protocol-relative: would leave the site unexpectedly
  if (value.startsWith('/')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** RFC 9110 token characters: fetch throws on anything else, so we say so first. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const headerNameMessage = (name: string) => `"${name}" is not a valid header name: use letters, digits and - (no spaces).`;

/** The headers to send: rows in use with a name. Returns the first bad name instead when there is one. */
export function headersToSend(rows: HeaderRow[]): { headers: [string, string][] } | { invalidName: string } {
  const headers: [string, string][] = [];
  for (const row of rows) {
    const name = row.header.trim();
    if (!row.isUsed || !name) continue;
    if (!HEADER_NAME.test(name)) return { invalidName: name };
    headers.push([name, row.value.trim()]);
  }
  return { headers };
}

// ---- Credentials ----

/** Headers whose value grants access: never stored, and emptied when the member logs out. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'x-auth-token', 'x-access-token']);

const isCredentialHeader = (name: string) => CREDENTIAL_HEADERS.has(name.trim().toLowerCase());

/** The rows with every credential value emptied (the row and its name stay, so "Add my token" fills it again). */
export function withoutCredentials(rows: HeaderRow[]): HeaderRow[] {
  return rows.some((row) => isCredentialHeader(row.header) && row.value !== '')
    ? rows.map((row) => (isCredentialHeader(row.header) ? { ...row, value: '' } : row))
    : rows;
}

// ---- Persistence (STORAGE_KEYS.mockmanRequest) ----
// A stored request must not let the next person at this browser act as the member: credential
// values are dropped when saving, and when loading a draft saved before that rule.

interface StoredDraft {
  reqType: RequestType;
  endpoint: string;
  body: string;
  headers: { isUsed: boolean; header: string; value: string }[];
}

function isStoredDraft(value: unknown): value is StoredDraft {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    REQUEST_TYPES.includes(v.reqType as RequestType) &&
    typeof v.endpoint === 'string' &&
    typeof v.body === 'string' &&
    Array.isArray(v.headers) &&
    v.headers.every((row: unknown) => {
      if (!row || typeof row !== 'object') return false;
      const r = row as Record<string, unknown>;
      return typeof r.isUsed === 'boolean' && typeof r.header === 'string' && typeof r.value === 'string';
    })
  );
}

/** The last request, or the initial one when nothing (or something unreadable) is stored. */
export function loadDraft(): RequestDraft {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.mockmanRequest);
    if (!raw) return initialDraft();
    const parsed: unknown = JSON.parse(raw);
    if (!isStoredDraft(parsed)) return initialDraft();
    return {
      reqType: parsed.reqType,
      endpoint: parsed.endpoint,
      body: parsed.body,
      headers: withTrailingBlank(
        withoutCredentials(parsed.headers.map((row) => ({ id: rowId(), isUsed: row.isUsed, header: row.header, value: row.value }))),
      ),
    };
  } catch {
    return initialDraft();
  }
}

export function saveDraft(draft: RequestDraft): void {
  const stored: StoredDraft = {
    reqType: draft.reqType,
    endpoint: draft.endpoint,
    body: draft.body,
    headers: draft.headers.map(({ isUsed, header, value }) => ({ isUsed, header, value: isCredentialHeader(header) ? '' : value })),
  };
  try {
    window.localStorage.setItem(STORAGE_KEYS.mockmanRequest, JSON.stringify(stored));
  } catch {
    // Storage full or blocked: the draft still works on this page, it just won't survive a reload.
  }
}

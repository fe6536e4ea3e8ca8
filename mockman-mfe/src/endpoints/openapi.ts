/**
 * Reads the API's OpenAPI 3.1 description (GET /api/v2/openapi.json) into the endpoints the
 * tester offers: method, path, summary, group (the operation's first tag) and the JSON request
 * body's schema. Only what the tester can send is kept (GET, POST, DELETE: SPEC §2); anything
 * malformed is skipped, never thrown, so a half-right document still helps.
 */
import { REQUEST_TYPES, type RequestType } from '../request/draft';
import { resolvePointer, type Schema } from './body-template';

export interface Endpoint {
  /** Unique in the list: "POST /api/v2/auth/login". */
  key: string;
  method: RequestType;
  /** The full path, placeholders included: "/api/v2/posts/{postId}". */
  path: string;
  summary: string;
  /** The tag it is listed under (its first; "Other" without one). */
  group: string;
  deprecated: boolean;
  /** The schema of its `application/json` request body, or null when it takes none. */
  bodySchema: Schema | null;
}

export interface ApiDescription {
  title: string;
  endpoints: Endpoint[];
  /** Group names in the order to show them, with their labels (a tag's `x-displayName`, else its name). */
  groups: { name: string; label: string }[];
  /** The whole document: body schemas' `$ref`s point into it. */
  document: unknown;
}

const OTHER_GROUP = 'Other';

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** A `$ref` object resolved once (a request body may be `#/components/requestBodies/...`). */
function deref(document: unknown, value: unknown): unknown {
  return isObject(value) && typeof value.$ref === 'string' ? resolvePointer(document, value.$ref) : value;
}

/** The path the first server adds in front of every path ("/api" for `servers: [{ url: '/api' }]`), or ''. */
function basePath(document: Record<string, unknown>): string {
  const first: unknown = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (!isObject(first) || typeof first.url !== 'string') return '';
  try {
    // Relative server URLs are relative to where the document is served: only the path matters here.
    return new URL(first.url.replace(/\{[^}]*\}/g, 'x'), 'http://document.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

function jsonBodySchema(document: unknown, operation: Record<string, unknown>): Schema | null {
  const body = deref(document, operation.requestBody);
  if (!isObject(body) || !isObject(body.content)) return null;
  const type = Object.keys(body.content).find((name) => /^application\/([\w.-]+\+)?json\b/i.test(name));
  const media = type === undefined ? undefined : body.content[type];
  return isObject(media) && isObject(media.schema) ? media.schema : null;
}

/** The description's endpoints, or null when `document` is not an OpenAPI 3 document. */
export function readApiDescription(document: unknown): ApiDescription | null {
  if (!isObject(document) || typeof document.openapi !== 'string' || !document.openapi.startsWith('3.') || !isObject(document.paths)) {
    return null;
  }
  const base = basePath(document);
  const endpoints: Endpoint[] = [];
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    const pathItem = deref(document, item);
    if (!path.startsWith('/') || !isObject(pathItem)) continue;
    for (const method of REQUEST_TYPES) {
      const operation = pathItem[method.toLowerCase()];
      if (!isObject(operation)) continue;
      const fullPath = `${base}${path}`;
      const key = `${method} ${fullPath}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string') : [];
      const summary = [operation.summary, operation.operationId].find((text): text is string => typeof text === 'string') ?? '';
      endpoints.push({
        key,
        method,
        path: fullPath,
        summary,
        group: tags[0] ?? OTHER_GROUP,
        deprecated: operation.deprecated === true,
        bodySchema: jsonBodySchema(document, operation),
      });
    }
  }

  // Groups in the document's tag order, then any tag it uses without declaring it.
  const declared = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const labels = new Map<string, string>();
  for (const tag of declared) {
    if (typeof tag.name !== 'string') continue;
    labels.set(tag.name, typeof tag['x-displayName'] === 'string' ? tag['x-displayName'] : tag.name);
  }
  const used = new Set(endpoints.map((endpoint) => endpoint.group));
  const order = [...[...labels.keys()].filter((name) => used.has(name)), ...[...used].filter((name) => !labels.has(name))];
  const info = isObject(document.info) ? document.info : {};
  return {
    title: typeof info.title === 'string' ? info.title : '',
    endpoints,
    groups: order.map((name) => ({ name, label: labels.get(name) ?? name })),
    document,
  };
}

const segments = (path: string) => path.split('/');
const isPlaceholder = (segment: string) => /^\{[^}]+\}$/.test(segment);

/**
 * Whether what was typed reads as the start of `path`, a placeholder standing for any one
 * segment ("/api/v2/posts/p01/li" starts "/api/v2/posts/{postId}/likers"). Case-insensitive.
 */
function typedAlong(typed: string, path: string): boolean {
  const want = segments(typed.toLowerCase());
  const have = segments(path.toLowerCase());
  if (want.length > have.length) return false;
  return want.every((segment, i) => {
    const template = have[i]!;
    const last = i === want.length - 1;
    if (isPlaceholder(template)) return last || segment !== '';
    return last ? template.startsWith(segment) : template === segment;
  });
}

/**
 * The endpoints offered for what is typed in Endpoint: for a path (starting with "/"), those it
 * starts along (placeholders matching any segment) first, then those whose path contains it;
 * for anything else, every endpoint. In the description's order within each group.
 */
export function suggestEndpoints(description: ApiDescription, typed: string): Endpoint[] {
  const query = typed.trim();
  let matches = description.endpoints;
  if (query.startsWith('/')) {
    const along = matches.filter((endpoint) => typedAlong(query, endpoint.path));
    const lower = query.toLowerCase();
    const within = matches.filter((endpoint) => !along.includes(endpoint) && endpoint.path.toLowerCase().includes(lower));
    matches = [...along, ...within];
  }
  // Grouped, so the keyboard's order is the order on screen.
  return description.groups.flatMap((group) => matches.filter((endpoint) => endpoint.group === group.name));
}

/**
 * The endpoint to put in the box for a chosen suggestion: its path, with each placeholder the
 * member already typed a value for filled in ("/api/v2/posts/p01/li" + ".../{postId}/likers"
 * gives "/api/v2/posts/p01/likers").
 */
export function endpointFor(path: string, typed: string): string {
  const query = typed.trim();
  if (!query.startsWith('/') || !typedAlong(query, path)) return path;
  const want = segments(query);
  return segments(path)
    .map((segment, i) => {
      const value = want[i];
      // The last typed segment may still be half-written: only a complete one (followed by more) fills.
      const complete = value !== undefined && (i < want.length - 1 || want.length === segments(path).length);
      return isPlaceholder(segment) && complete && value !== '' ? value : segment;
    })
    .join('/');
}

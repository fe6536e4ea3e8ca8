/**
 * The API's description (OpenAPI 3.1 at GET /api/v2/openapi.json), read once a page through
 * the shell's query cache (`@social/shell/data`): asked for when the member first wants
 * suggestions, from the same API base as the tester's own /api requests (./../response/send.ts).
 * A server that does not publish it (404, or anything that is not an OpenAPI document) gives
 * null: the tester then works without suggestions, and nothing asks again on this page.
 */
import { useQuery } from '@tanstack/react-query';
import { apiBaseUrl, whenBackendReady } from '@social/shell/bus';
import { queryClient } from '@social/shell/data';
import { readApiDescription, type ApiDescription } from './openapi';

export const API_DESCRIPTION_PATH = '/api/v2/openapi.json';

/** The document describes the running server, which changes only with a deploy: read once a page. */
const apiDescriptionKey = (base: string) => ['mockman', 'api-description', base] as const;

/** Thrown for an answer worth one more try (5xx); the cache's retry rule (`retryRead`) tries once. */
class DescriptionUnavailable extends Error {}

async function loadApiDescription(signal?: AbortSignal): Promise<ApiDescription | null> {
  await whenBackendReady();
  const response = await fetch(`${apiBaseUrl()}${API_DESCRIPTION_PATH}`, { headers: { Accept: 'application/json' }, signal });
  if (response.status >= 500) throw new DescriptionUnavailable(`GET ${API_DESCRIPTION_PATH} answered ${response.status}`);
  if (!response.ok) return null;
  try {
    return readApiDescription(await response.json());
  } catch {
    return null; // not JSON: not a description
  }
}

/** The description, once `wanted` (data: null when the server has none; undefined while loading or after a failure). */
export function useApiDescription(wanted: boolean) {
  const base = apiBaseUrl();
  return useQuery(
    {
      queryKey: apiDescriptionKey(base),
      queryFn: ({ signal }) => loadApiDescription(signal),
      enabled: wanted,
      staleTime: Infinity,
    },
    queryClient,
  );
}

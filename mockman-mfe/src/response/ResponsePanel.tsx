import React, { lazy, Suspense, useEffect, useState } from 'react';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { Spinner } from '@social/shell/ui';
import { COLOUR_SCHEMES, DEFAULT_SCHEME, type ColourScheme } from './schemes';
import type { BinaryBody, DisplayedResponse } from './send';

// The tree viewer is only needed once an answer arrives: keep it out of the page's first chunk,
// and load it once the page is shown, so the first answer's tree does not wait for it.
const loadJsonTree = () => import('./JsonTree');
const JsonTree = lazy(loadJsonTree);

export type ResponseState =
  | { kind: 'none' }
  | { kind: 'sending'; requestLine: string }
  | { kind: 'answer'; response: DisplayedResponse }
  | { kind: 'failure'; requestLine: string; message: string };

const isTree = (value: unknown): value is object => typeof value === 'object' && value !== null;

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The page's own address for the bytes (none for null), released when the answer leaves the screen. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob || typeof URL.createObjectURL !== 'function') return undefined;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}

/** A picture is shown as a picture (an <img> runs no script, even for SVG); other bytes by type and size. */
function BinaryData({ binary }: { binary: BinaryBody }) {
  const isImage = binary.type.startsWith('image/');
  const url = useObjectUrl(isImage ? binary.blob : null);
  const what = `${binary.type || 'no type given'}, ${formatSize(binary.size)}`;
  if (!isImage) return <p className="muted mockman-hint">The body is binary data ({what}); it is not shown as text.</p>;
  return (
    <div>
      <p className="muted mockman-hint">The body is an image ({what}):</p>
      {url && <img className="mockman-image" src={url} alt={`Body of the answer (${binary.type})`} />}
    </div>
  );
}

function Data({ response, scheme }: { response: DisplayedResponse; scheme: ColourScheme }) {
  const { data, isJson, binary } = response;
  if (binary) return <BinaryData binary={binary} />;
  if (data === undefined) return <p className="muted">The answer has no body.</p>;
  if (isTree(data)) return <JsonTree name="data" src={data} scheme={scheme} />;
  // A JSON string/number/boolean/null, or a body that is not JSON: the tree viewer only takes objects.
  return (
    <div>
      <p className="muted mockman-hint">{isJson ? 'The body is a single JSON value:' : 'The body is not JSON; its text:'}</p>
      <pre className={`mockman-text mockman-text--${scheme}`}>{isJson ? JSON.stringify(data) : String(data)}</pre>
    </div>
  );
}

/** The response region: nothing yet, in flight, an answer (good or bad), or a failure to send. */
export function ResponsePanel({ state }: { state: ResponseState }) {
  const [scheme, setScheme] = useState<ColourScheme>(DEFAULT_SCHEME);
  const busy = state.kind === 'sending';
  useEffect(() => {
    loadJsonTree().catch(() => undefined); // A failure shows where the tree is drawn (Suspense's import again).
  }, []);

  return (
    <section className="mockman-panel mockman-response" aria-label="Response" aria-busy={busy}>
      <div className="mockman-panel__head">
        <h2 className="mockman-panel__title">Response</h2>
        <label className="mockman-scheme">
          <span className="mockman-label">Colour scheme</span>
          <select className="input" value={scheme} onChange={(event) => setScheme(event.target.value as ColourScheme)}>
            {COLOUR_SCHEMES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>

      {/* Always present, so screen readers announce each outcome (failures use role="alert" below). */}
      <p className="visually-hidden" aria-live="polite">
        {state.kind === 'sending' && `Sending ${state.requestLine}`}
        {state.kind === 'answer' && `Answer: ${state.response.status} ${state.response.statusText}`}
      </p>

      {state.kind === 'none' && <p className="mockman-empty">{CLIENT_MESSAGES.responseUndefined}</p>}

      {state.kind === 'sending' && (
        <div className="mockman-sending">
          <Spinner size="small" />
          <span>
            Sending <code className="mockman-mono">{state.requestLine}</code>…
          </span>
        </div>
      )}

      {state.kind === 'failure' && (
        <div role="alert" className="mockman-failure">
          <p>The request could not be sent: {state.message}</p>
          <p className="muted mockman-hint">
            Request: <code className="mockman-mono">{state.requestLine}</code>. Check the endpoint, and that the server at that address is
            running and allows this page to call it.
          </p>
        </div>
      )}

      {state.kind === 'answer' && (
        <div className="mockman-answer">
          <p className="mockman-status">
            <span className="mockman-label">Status</span>{' '}
            <strong className={state.response.status < 400 ? 'mockman-status--ok' : 'mockman-status--error'}>
              {`${state.response.status} ${state.response.statusText}`.trim()}
            </strong>
            <span className="muted mockman-hint">
              {' '}
              <code className="mockman-mono">{state.response.requestLine}</code> · {state.response.durationMs} ms
            </span>
          </p>
          <Suspense fallback={<Spinner size="small" />}>
            <h3 className="mockman-label">Data</h3>
            <Data response={state.response} scheme={scheme} />
            <h3 className="mockman-label">Headers</h3>
            <JsonTree name="headers" src={state.response.headers} scheme={scheme} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

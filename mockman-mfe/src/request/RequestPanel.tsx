import React, { useRef, useState } from 'react';
import { CLIENT_MESSAGES } from '@social/mock-api/contract';
import { useAuth } from '@social/shell/bus';
import {
  editRow,
  ENDPOINT_MESSAGE,
  headerNameMessage,
  headersToSend,
  initialDraft,
  isValidEndpoint,
  isValidJson,
  removeRow,
  REQUEST_TYPES,
  withAuthorization,
  type RequestDraft,
  type RequestType,
} from './draft';
import { HeaderRows } from './HeaderRows';
import { EndpointField } from '../endpoints/EndpointField';
import type { OutgoingRequest } from '../response/send';

interface Props {
  draft: RequestDraft;
  onChange: (draft: RequestDraft) => void;
  onSend: (request: OutgoingRequest) => void;
  sending: boolean;
}

const BODY_ERROR_ID = 'mockman-body-error';
const ENDPOINT_ERROR_ID = 'mockman-endpoint-error';
const TOKEN_HINT_ID = 'mockman-token-hint';

/** The request form: type, endpoint, headers, JSON body and Send. */
export function RequestPanel({ draft, onChange, onSend, sending }: Props) {
  const auth = useAuth();
  const [endpointError, setEndpointError] = useState<string | null>(null);
  const [headersError, setHeadersError] = useState<string | null>(null);
  const endpointRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Validated on every change (./draft.ts) and again on Send.
  const bodyInvalid = !isValidJson(draft.body);

  const update = (change: Partial<RequestDraft>) => onChange({ ...draft, ...change });

  const editHeaders = (headers: RequestDraft['headers']) => {
    setHeadersError(null);
    update({ headers });
  };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    const endpointOk = isValidEndpoint(draft.endpoint);
    setEndpointError(endpointOk ? null : ENDPOINT_MESSAGE);
    const headers = headersToSend(draft.headers);
    const headersOk = 'headers' in headers;
    setHeadersError(headersOk ? null : headerNameMessage(headers.invalidName));
    // Focus the first field to fix, so keyboard and screen reader users land on the problem.
    if (!endpointOk) return endpointRef.current?.focus();
    if (!headersOk) return;
    if (bodyInvalid) return bodyRef.current?.focus();
    onSend({ reqType: draft.reqType, endpoint: draft.endpoint, headers: headers.headers, body: draft.body });
  }

  function reset() {
    setEndpointError(null);
    setHeadersError(null);
    onChange(initialDraft());
  }

  return (
    <section className="mockman-panel" aria-labelledby="mockman-request-title">
      <h2 id="mockman-request-title" className="mockman-panel__title">
        Request
      </h2>
      <form className="mockman-form" onSubmit={submit} noValidate>
        <div className="mockman-line">
          <label className="mockman-field mockman-field--type">
            <span className="mockman-label">Request type</span>
            <select className="input" value={draft.reqType} onChange={(event) => update({ reqType: event.target.value as RequestType })}>
              {REQUEST_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <div className="mockman-field mockman-field--endpoint">
            <label className="mockman-label" htmlFor="mockman-endpoint">
              Endpoint
            </label>
            <EndpointField
              id="mockman-endpoint"
              inputRef={endpointRef}
              value={draft.endpoint}
              invalid={!!endpointError}
              describedBy={endpointError ? ENDPOINT_ERROR_ID : undefined}
              onValueChange={(endpoint) => {
                setEndpointError(null);
                update({ endpoint });
              }}
              onChoose={(chosen) => {
                setEndpointError(null);
                update(chosen);
              }}
            />
            {endpointError && (
              <p id={ENDPOINT_ERROR_ID} className="field-error" role="alert">
                {endpointError}
              </p>
            )}
          </div>
        </div>

        <HeaderRows
          rows={draft.headers}
          error={headersError}
          onEdit={(id, change) => editHeaders(editRow(draft.headers, id, change))}
          onRemove={(id) => editHeaders(removeRow(draft.headers, id))}
        />
        <div className="mockman-token">
          <button
            type="button"
            className="btn"
            disabled={!auth}
            aria-describedby={TOKEN_HINT_ID}
            onClick={() => auth && editHeaders(withAuthorization(draft.headers, auth.token))}
          >
            Add my token
          </button>
          <span id={TOKEN_HINT_ID} className="muted mockman-hint">
            {auth ? `Sends an authorization header as @${auth.user.userHandler}.` : 'Sign in to add your token.'}
          </span>
        </div>

        <div className="mockman-field">
          <label className="mockman-label" htmlFor="mockman-body">
            Body
          </label>
          <textarea
            id="mockman-body"
            ref={bodyRef}
            className="textarea mockman-mono mockman-body"
            value={draft.body}
            spellCheck={false}
            rows={6}
            aria-invalid={bodyInvalid ? true : undefined}
            aria-describedby={bodyInvalid ? BODY_ERROR_ID : undefined}
            onChange={(event) => update({ body: event.target.value })}
          />
          {bodyInvalid && (
            <p id={BODY_ERROR_ID} className="field-error" role="alert">
              {CLIENT_MESSAGES.jsonError}
            </p>
          )}
          {draft.reqType === 'GET' && <p className="muted mockman-hint">GET requests are sent without a body.</p>}
        </div>

        <div className="mockman-actions">
          <button type="submit" className="btn btn--primary" disabled={sending}>
            Send
          </button>
          <button type="button" className="btn" onClick={reset}>
            Reset request
          </button>
        </div>
      </form>
    </section>
  );
}

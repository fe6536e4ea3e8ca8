/**
 * /mockman: the developer's request tester. A request panel and a
 * response panel; the request draft survives reloads (STORAGE_KEYS.mockmanRequest).
 */
import React, { useEffect, useRef, useState } from 'react';
import { auth$ } from '@social/shell/bus';
import { loadDraft, saveDraft, withoutCredentials, type RequestDraft } from '../request/draft';
import { RequestPanel } from '../request/RequestPanel';
import { ResponsePanel, type ResponseState } from '../response/ResponsePanel';
import { sendRequest, type OutgoingRequest } from '../response/send';
import './mockman.css';

export default function MockmanPage() {
  const [draft, setDraft] = useState<RequestDraft>(loadDraft);
  const [response, setResponse] = useState<ResponseState>({ kind: 'none' });
  // Only the latest Send may fill the panel, and nothing after the page is gone.
  const latest = useRef(0);

  useEffect(() => {
    saveDraft(draft);
  }, [draft]);

  // Logging out (here or in another tab) empties the token typed or added into the draft.
  useEffect(() => {
    const subscription = auth$.subscribe((auth) => {
      if (auth) return;
      setDraft((current) => {
        const headers = withoutCredentials(current.headers);
        return headers === current.headers ? current : { ...current, headers };
      });
    });
    return () => subscription.unsubscribe();
  }, []);

  useEffect(() => {
    latest.current = 0;
    return () => {
      latest.current = -1;
    };
  }, []);

  async function send(request: OutgoingRequest) {
    const requestLine = `${request.reqType} ${request.endpoint.trim()}`;
    const id = (latest.current += 1);
    setResponse({ kind: 'sending', requestLine });
    try {
      const answer = await sendRequest(request);
      if (latest.current === id) setResponse({ kind: 'answer', response: answer });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'the network gave no answer.';
      if (latest.current === id) setResponse({ kind: 'failure', requestLine, message });
    }
  }

  return (
    <div className="mockman">
      <h1 className="mockman__title">API tester</h1>
      <p className="muted mockman__intro">
        Send GET, POST or DELETE requests to the product&apos;s API (paths under /api) and read the answers.
      </p>
      <div className="mockman__panels">
        <RequestPanel draft={draft} onChange={setDraft} onSend={(request) => void send(request)} sending={response.kind === 'sending'} />
        <ResponsePanel state={response} />
      </div>
    </div>
  );
}

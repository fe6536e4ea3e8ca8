/**
 * The "Endpoint" text box with the API's endpoints as suggestions (docs/api-tester.md). Typing a
 * path (or ArrowDown) opens a listbox named "Endpoint suggestions" under the box, grouped by the
 * description's tags; the box keeps the focus and points at the option in hand with
 * aria-activedescendant (the pattern of the mention suggestions in the post boxes). ArrowDown and
 * ArrowUp move, Enter chooses (with no option in hand Enter sends, as before), Escape and Tab
 * close, a click chooses. Without a description (a server that does not publish one, offline)
 * the box is the plain text box it always was.
 */
import React, { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useApiDescription } from './api-description';
import { bodyTemplate } from './body-template';
import { endpointFor, suggestEndpoints, type Endpoint } from './openapi';
import type { RequestType } from '../request/draft';
import './endpoints.css';

/** What choosing a suggestion puts in the request: the method, the path, and a body template when the call takes one. */
interface ChosenEndpoint {
  reqType: RequestType;
  endpoint: string;
  body?: string;
}

interface Props {
  id: string;
  inputRef: RefObject<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
  onChoose: (chosen: ChosenEndpoint) => void;
  /** The box's own description (the endpoint error) and invalid state. */
  describedBy?: string;
  invalid: boolean;
}

const NO_DESCRIPTION_HINT = 'No endpoint list: this server does not describe its API.';
const DESCRIPTION_FAILED_HINT = 'No endpoint list: the description of the API could not be loaded.';

/** A path that wraps after its slashes on a narrow screen, not inside a word. */
function breakableAfterSlashes(path: string) {
  return path.split('/').map((segment, i) => (
    <React.Fragment key={i}>
      {i > 0 && (
        <>
          /<wbr />
        </>
      )}
      {segment}
    </React.Fragment>
  ));
}

export function EndpointField({ id, inputRef, value, onValueChange, onChoose, describedBy, invalid }: Props) {
  const listId = useId();
  const hintId = useId();
  // Nothing is asked of the server until the member wants suggestions.
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // The list was asked for with the arrows: if there is none to show, a quiet hint says why.
  const [asked, setAsked] = useState(false);
  const pendingSelection = useRef<[number, number] | null>(null);
  const description = useApiDescription(wanted);
  const api = description.data ?? null;
  const options = useMemo(() => (api && open ? suggestEndpoints(api, value) : []), [api, open, value]);
  const shown = options.length > 0;
  const activeIndex = shown && active < options.length ? active : -1;
  const optionId = (i: number) => `${listId}-option-${i}`;
  const hint =
    !asked || !wanted || !description.isFetched || api ? null : description.isError ? DESCRIPTION_FAILED_HINT : NO_DESCRIPTION_HINT;

  // After a choice, the first placeholder left ("{postId}") is selected, so typing replaces it.
  useLayoutEffect(() => {
    const range = pendingSelection.current;
    if (!range || !inputRef.current) return;
    pendingSelection.current = null;
    inputRef.current.setSelectionRange(range[0], range[1]);
  }, [value, inputRef]);

  useLayoutEffect(() => {
    if (activeIndex < 0) return;
    // jsdom has no scrollIntoView; browsers keep the option in hand in sight.
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
    setAsked(false);
  };

  function choose(endpoint: Endpoint) {
    const path = endpointFor(endpoint.path, value);
    const placeholder = /\{[^}]+\}/.exec(path);
    pendingSelection.current = placeholder ? [placeholder.index, placeholder.index + placeholder[0].length] : [path.length, path.length];
    const body = api && endpoint.bodySchema ? bodyTemplate(endpoint.bodySchema, api.document) : undefined;
    close();
    onChoose({ reqType: endpoint.method, endpoint: path, ...(body !== undefined ? { body } : {}) });
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        // Asked for: load the list (once), and say so quietly when there is none.
        setWanted(true);
        setOpen(true);
        setActive(-1);
        setAsked(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(activeIndex < 0 ? (step > 0 ? 0 : options.length - 1) : (activeIndex + step + options.length) % options.length);
      return;
    }
    if (event.key === 'Enter') {
      if (shown && activeIndex >= 0) {
        event.preventDefault(); // chooses; the form is not sent
        choose(options[activeIndex]!);
      } else {
        close(); // the form is sent, as without suggestions
      }
    } else if (event.key === 'Escape') {
      if (shown || hint) event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  }

  const describedByIds = [describedBy, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const groups = api ? api.groups.filter((group) => options.some((endpoint) => endpoint.group === group.name)) : [];
  const renderOption = (endpoint: Endpoint) => {
    const i = options.indexOf(endpoint);
    return (
      // The keyboard chooses through the text box (aria-activedescendant); an option never takes focus.
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events
      <li
        key={endpoint.key}
        id={optionId(i)}
        role="option"
        // Named by its words alone: the path's line-break points are no part of it.
        aria-label={[endpoint.method, endpoint.path, endpoint.summary, endpoint.deprecated ? '(deprecated)' : ''].filter(Boolean).join(' ')}
        aria-selected={i === activeIndex}
        className={i === activeIndex ? 'endpoint-option endpoint-option--active' : 'endpoint-option'}
        // The box keeps the focus while the mouse chooses.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(endpoint)}
      >
        {/* The spaces keep the parts apart in the option's text too. */}
        <span className={`endpoint-option__method endpoint-option__method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>{' '}
        <span className="endpoint-option__path mockman-mono">{breakableAfterSlashes(endpoint.path)}</span>{' '}
        {(endpoint.summary || endpoint.deprecated) && (
          <span className="endpoint-option__summary muted">
            {endpoint.summary}
            {endpoint.deprecated ? ' (deprecated)' : ''}
          </span>
        )}
      </li>
    );
  };

  return (
    <div className="endpoint-field">
      <input
        id={id}
        ref={inputRef}
        className="input mockman-mono"
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedByIds}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          const next = event.target.value;
          const isPath = next.trim().startsWith('/');
          if (isPath) setWanted(true);
          setOpen(isPath);
          setActive(-1);
          setAsked(false);
          onValueChange(next);
        }}
        onKeyDown={keyDown}
        onBlur={close}
      />
      {shown && (
        <ul className="endpoint-list" role="listbox" id={listId} aria-label="Endpoint suggestions">
          {groups.map((group) => (
            <li key={group.name} role="presentation">
              <ul role="group" aria-label={group.label} className="endpoint-group">
                <li role="presentation" aria-hidden="true" className="endpoint-group__label">
                  {group.label}
                </li>
                {options.filter((endpoint) => endpoint.group === group.name).map(renderOption)}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {shown
          ? `${options.length} ${options.length === 1 ? 'endpoint' : 'endpoints'} offered: up and down arrows to move, Enter to choose.`
          : ''}
      </p>
      {hint && (
        <p id={hintId} className="muted mockman-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

import React from 'react';
import { type HeaderRow, countUsedRows } from './draft';

interface Props {
  rows: HeaderRow[];
  error: string | null;
  onEdit: (id: string, change: Partial<Pick<HeaderRow, 'isUsed' | 'header' | 'value'>>) => void;
  onRemove: (id: string) => void;
}

const HEADERS_ERROR_ID = 'mockman-headers-error';

/** Header rows: the legend counts the rows in use. */
export function HeaderRows({ rows, error, onEdit, onRemove }: Props) {
  return (
    <fieldset className="mockman-headers" aria-describedby={error ? HEADERS_ERROR_ID : undefined}>
      <legend className="mockman-label">Headers ({countUsedRows(rows)})</legend>
      <div className="mockman-headers__list">
        {rows.map((row, index) => {
          const isLast = index === rows.length - 1;
          return (
            <div key={row.id} className="mockman-header-row" role="group" aria-label={`Header row ${index + 1}`}>
              <input
                type="checkbox"
                className="mockman-header-row__use"
                aria-label="Use header"
                checked={row.isUsed}
                onChange={(event) => onEdit(row.id, { isUsed: event.target.checked })}
              />
              <input
                className="input mockman-header-row__name"
                aria-label="Header"
                placeholder="Header"
                autoComplete="off"
                spellCheck={false}
                value={row.header}
                onChange={(event) => onEdit(row.id, { header: event.target.value })}
              />
              <input
                className="input mockman-header-row__value"
                aria-label="Value"
                placeholder="Value"
                autoComplete="off"
                spellCheck={false}
                value={row.value}
                onChange={(event) => onEdit(row.id, { value: event.target.value })}
              />
              {isLast ? (
                // Keeps the columns aligned; the blank row has nothing to remove.
                <span className="mockman-header-row__spacer" aria-hidden="true" />
              ) : (
                <button
                  type="button"
                  className="icon-btn mockman-header-row__remove"
                  aria-label="Remove header"
                  title="Remove header"
                  onClick={() => onRemove(row.id)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p id={HEADERS_ERROR_ID} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

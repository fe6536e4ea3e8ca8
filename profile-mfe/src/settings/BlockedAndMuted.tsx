/**
 * "Blocked and muted" in Settings (docs/safety.md): the members the member blocked or mutes now,
 * each with Unblock or Unmute. Blocked and muted members leave search and suggestions, so this
 * is where a member finds them again.
 */
import React, { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage, toast } from '@social/shell/bus';
import { putRelationship, refetchAfterSafetyChange } from '@social/shell/data';
import { pathTo } from '@social/shell/routes';
import { formatFullDate, fullName } from '@social/shell/ui';

interface Entry {
  member: MemberV2;
  until: string | null;
}

/** The first page of each list (50, the API's most): more than that is rare, and each row undoes itself. */
const LIMIT = 50;

function Row({ entry, action, note, onDone }: { entry: Entry; action: 'Unblock' | 'Unmute'; note: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const name = fullName(entry.member);
  const act = async () => {
    setBusy(true);
    try {
      const answer = action === 'Unblock' ? await api.v2.members.unblock(entry.member._id) : await api.v2.members.unmute(entry.member._id);
      putRelationship(entry.member._id, answer.relationship);
      refetchAfterSafetyChange();
      toast('success', `${name} is no longer ${action === 'Unblock' ? 'blocked' : 'muted'}`);
      onDone();
    } catch (failure) {
      toast('error', errorMessage(failure));
      setBusy(false);
    }
  };
  return (
    <li className="settings__safety-row">
      <span>
        <Link to={pathTo('profile', { userHandler: entry.member.userHandler })}>{name}</Link>
        {note && <span className="muted"> · {note}</span>}
      </span>
      <button type="button" className="btn" disabled={busy} onClick={() => void act()} aria-label={`${action} ${name}`}>
        {action}
      </button>
    </li>
  );
}

function List({ title, entries, empty, children }: { title: string; entries: Entry[]; empty: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="settings__subtitle">{title}</h3>
      {entries.length === 0 ? <p className="muted">{empty}</p> : <ul className="settings__safety-list">{children}</ul>}
    </div>
  );
}

export function BlockedAndMuted({ section }: { section: (title: string, children: ReactNode) => ReactNode }) {
  const [blocks, setBlocks] = useState<Entry[] | null>(null);
  const [mutes, setMutes] = useState<Entry[] | null>(null);

  const load = useCallback(() => {
    Promise.all([api.v2.me.blocks({ limit: LIMIT }), api.v2.me.mutes({ limit: LIMIT })]).then(
      ([blocked, muted]) => {
        setBlocks(blocked.members.map((member) => ({ member, until: null })));
        setMutes(muted.mutes);
      },
      (failure: unknown) => toast('error', errorMessage(failure)),
    );
  }, []);
  useEffect(load, [load]);

  return section(
    'Blocked and muted',
    blocks === null || mutes === null ? (
      <p className="muted">Loading…</p>
    ) : (
      <>
        <List title="Blocked" entries={blocks} empty="You have not blocked anyone.">
          {blocks.map((entry) => (
            <Row key={entry.member._id} entry={entry} action="Unblock" note="" onDone={load} />
          ))}
        </List>
        <List title="Muted" entries={mutes} empty="You have not muted anyone.">
          {mutes.map((entry) => (
            <Row
              key={entry.member._id}
              entry={entry}
              action="Unmute"
              note={entry.until ? `until ${formatFullDate(entry.until)}` : 'until you unmute'}
              onDone={load}
            />
          ))}
        </List>
      </>
    ),
  );
}

/**
 * "Profile options" on another member's profile (UI-NAMES.md, "Safety"): Mute or Unmute,
 * Block or Unblock, Report. Block and Mute ask first; Unblock and Unmute act at once.
 */
import React, { useState } from 'react';
import type { MemberV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage, toast } from '@social/shell/bus';
import { BlockDialog, Menu, MuteDialog, REPORT_SENT, ReportDialog, fullName, type MenuItem } from '@social/shell/ui';
import type { Relationship } from './use-relationship';

export function ProfileOptions({ member, safety }: { member: MemberV2; safety: Relationship }) {
  const [dialog, setDialog] = useState<'block' | 'mute' | 'report' | null>(null);
  const name = fullName(member);
  const { relationship } = safety;
  const close = () => setDialog(null);
  // Menu items unmount on choice: focus the options button, so a dialog gives focus back to it.
  const focusOptions = () => document.querySelector<HTMLButtonElement>('button[aria-label="Profile options"]')?.focus();
  const act = (work: () => Promise<void>, done: string) => () =>
    void work().then(
      () => toast('success', done),
      (failure: unknown) => toast('error', errorMessage(failure)),
    );

  const items: MenuItem[] = [
    relationship?.muting
      ? { label: 'Unmute', onSelect: act(safety.unmute, `${name} is no longer muted`) }
      : { label: 'Mute', onSelect: () => (focusOptions(), setDialog('mute')) },
    relationship?.blocking
      ? { label: 'Unblock', onSelect: act(safety.unblock, `${name} is no longer blocked`) }
      : { label: 'Block', danger: true, onSelect: () => (focusOptions(), setDialog('block')) },
    { label: 'Report', onSelect: () => (focusOptions(), setDialog('report')) },
  ];

  return (
    <>
      <Menu label="Profile options" items={items} />
      {dialog === 'block' && (
        <BlockDialog
          name={name}
          onClose={close}
          onBlock={async () => {
            await safety.block();
            close();
          }}
        />
      )}
      {dialog === 'mute' && (
        <MuteDialog
          name={name}
          onClose={close}
          onMute={async (seconds) => {
            await safety.mute(seconds);
            close();
            toast('success', `${name} is muted`);
          }}
        />
      )}
      {dialog === 'report' && (
        <ReportDialog
          subject={name}
          onClose={close}
          onSend={async (draft) => {
            await api.v2.members.report(member._id, draft);
            close();
            toast('success', REPORT_SENT);
          }}
        />
      )}
    </>
  );
}

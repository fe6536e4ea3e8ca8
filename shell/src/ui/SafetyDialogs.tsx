/**
 * The safety dialogs every remote shares (docs/safety.md): report a post or a member, mute a
 * member for a while. The caller sends the choice; a refusal's message is shown in the dialog
 * and nothing typed is lost.
 */
import React, { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  MUTE_DURATIONS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  V2_TEXT_LIMITS,
  type ReportDraftV2,
  type ReportReasonV2,
} from '@social/mock-api/contract-v2';
import { Modal } from './Modal';

/** The toast after a report is sent (UI-NAMES.md, "Safety"). */
export const REPORT_SENT = 'Report sent';

/** The mute lengths offered, as Mastodon offers them. */
export const MUTE_CHOICES: readonly { label: string; seconds: number }[] = [
  { label: '1 hour', seconds: MUTE_DURATIONS.oneHour },
  { label: '1 day', seconds: MUTE_DURATIONS.oneDay },
  { label: '7 days', seconds: MUTE_DURATIONS.sevenDays },
  { label: 'Until I unmute', seconds: MUTE_DURATIONS.forever },
];

/** Runs `send`; answers the error's message when it fails (the dialog stays open with it). */
async function attempt(send: () => Promise<void>): Promise<string> {
  try {
    await send();
    return '';
  } catch (failure) {
    return failure instanceof Error ? failure.message : String(failure);
  }
}

function DialogForm({
  onSubmit,
  error,
  children,
  submitLabel,
  busy,
  onClose,
  danger,
}: {
  onSubmit: () => void;
  error: string;
  children: ReactNode;
  submitLabel: string;
  busy: boolean;
  onClose: () => void;
  danger?: boolean;
}) {
  const errorId = useId();
  return (
    <form
      className="safety-dialog"
      noValidate
      aria-describedby={error ? errorId : undefined}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="safety-dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={danger ? 'btn btn--danger' : 'btn btn--primary'} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * "Report": a reason (Spam, Harassment, Something else) and details for the moderators.
 * `subject` says what is reported ("this post", "Meera Nair").
 */
export function ReportDialog({
  subject,
  onSend,
  onClose,
}: {
  subject: string;
  onSend: (draft: ReportDraftV2) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<ReportReasonV2 | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const detailsId = useId();
  const submit = async () => {
    if (!reason) return setError('Choose a reason.');
    setBusy(true);
    const failed = await attempt(() => onSend({ reason, details }));
    setBusy(false);
    if (failed) setError(failed);
  };
  return (
    <Modal title="Report" onClose={onClose} className="safety-dialog__modal">
      <DialogForm onSubmit={() => void submit()} error={error} submitLabel="Send report" busy={busy} onClose={onClose}>
        <fieldset className="safety-dialog__choices">
          <legend>Why are you reporting {subject}?</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="safety-dialog__choice">
              <input
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError('');
                }}
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={detailsId}>Details</label>
        <textarea
          id={detailsId}
          className="input safety-dialog__details"
          value={details}
          maxLength={V2_TEXT_LIMITS.reportDetails}
          rows={4}
          placeholder="What should the moderators know? (optional)"
          onChange={(e) => setDetails(e.target.value)}
        />
      </DialogForm>
    </Modal>
  );
}

/** "Mute {name}?": how long; their posts and comments leave the member's pages meanwhile. */
export function MuteDialog({ name, onMute, onClose }: { name: string; onMute: (seconds: number) => Promise<void>; onClose: () => void }) {
  const [seconds, setSeconds] = useState<number>(MUTE_DURATIONS.oneDay);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const failed = await attempt(() => onMute(seconds));
    setBusy(false);
    if (failed) setError(failed);
  };
  return (
    <Modal title={`Mute ${name}?`} onClose={onClose} className="safety-dialog__modal">
      <DialogForm onSubmit={() => void submit()} error={error} submitLabel="Mute" busy={busy} onClose={onClose}>
        <p className="muted">Their posts and comments will not show in your feeds, tag pages, comments or search. They will not be told.</p>
        <fieldset className="safety-dialog__choices">
          <legend>For how long?</legend>
          {MUTE_CHOICES.map((choice) => (
            <label key={choice.seconds} className="safety-dialog__choice">
              <input type="radio" name="mute-duration" checked={seconds === choice.seconds} onChange={() => setSeconds(choice.seconds)} />
              {choice.label}
            </label>
          ))}
        </fieldset>
      </DialogForm>
    </Modal>
  );
}

/** "Block {name}?": what a block does, and the "Block" button. */
export function BlockDialog({ name, onBlock, onClose }: { name: string; onBlock: () => Promise<void>; onClose: () => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    const failed = await attempt(onBlock);
    setBusy(false);
    if (failed) setError(failed);
  };
  return (
    <Modal title={`Block ${name}?`} onClose={onClose} className="safety-dialog__modal">
      <DialogForm onSubmit={() => void submit()} error={error} submitLabel="Block" busy={busy} onClose={onClose} danger>
        <p>
          You will stop following each other. Neither of you will see the other’s posts or comments in feeds, tag pages or search, and they
          will not be able to follow you, react to, comment on or reply to your posts. They will not be told.
        </p>
      </DialogForm>
    </Modal>
  );
}

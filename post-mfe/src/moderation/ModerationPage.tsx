/**
 * /moderation: the moderators' queue (docs/safety.md). Open reports, oldest first, each with
 * what was reported (a post's text and picture, or a member), the reason and the reporter's
 * details; "Remove post" deletes the post with its comments and picture, "Dismiss" closes the
 * report; a report another moderator decided first leaves the queue with the server's 409
 * message. Reports about the moderator (their account or posts) are never in their own queue:
 * a note says how many there are and who decides them (another moderator, or nobody yet).
 * The server checks the role on every call: anyone else gets its 403 message here.
 * post-mfe owns it because what moderators act on is posts (the post card, the post page and
 * post removal live here).
 */
import React, { useCallback, useEffect, useState } from 'react';
import { REPORT_REASON_LABELS, type ReportsPageV2, type ReportV2 } from '@social/mock-api/contract-v2';
import { ApiError, api, errorMessage, toast } from '@social/shell/bus';
import { removePost } from '@social/shell/data';
import { pathTo } from '@social/shell/routes';
import { Spinner, formatFullDate, formatRelativeDate, fullName } from '@social/shell/ui';
import { Link } from 'react-router-dom';
import { PostText } from '../text/PostText';
import './moderation.css';

const POST_REMOVED = 'Post removed';
const REPORT_DISMISSED = 'Report dismissed';
const NO_OPEN_REPORTS = 'No open reports';

/** What the queue says of the open reports about the moderator reading it, which it leaves out; '' when there are none. */
export function aboutYouNote({ count, otherModerators }: ReportsPageV2['aboutYou']): string {
  if (count === 0) return '';
  const reports = count === 1 ? '1 open report about you or your posts is' : `${count} open reports about you or your posts are`;
  return otherModerators
    ? `${reports} not shown here: another moderator decides them, as nobody decides reports about themself.`
    : `${reports} waiting: nobody decides reports about themself, and you are the only moderator. They stay open until there is another one.`;
}

type Load = { state: 'loading' } | { state: 'failed'; message: string; forbidden: boolean } | { state: 'ready' };

function ReportItem({ report, onDecided }: { report: ReportV2; onDecided: (report: ReportV2, postId: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const decide = async (decision: 'remove' | 'dismiss') => {
    setBusy(true);
    try {
      const answer = decision === 'remove' ? await api.v2.moderation.removePost(report._id) : await api.v2.moderation.dismiss(report._id);
      toast('success', decision === 'remove' ? POST_REMOVED : REPORT_DISMISSED);
      onDecided(answer.report, decision === 'remove' ? (report.post?._id ?? null) : null);
    } catch (failure) {
      toast('error', errorMessage(failure));
      // 409: another moderator decided it first, so it is no longer open and leaves the queue.
      if (failure instanceof ApiError && failure.status === 409) onDecided(report, null);
      else setBusy(false);
    }
  };
  const reporter = fullName(report.reporter);
  const member = fullName(report.member);
  return (
    <li className="card moderation__report" aria-label={`Report about ${report.post ? `a post by ${member}` : member}`}>
      <p className="moderation__meta">
        <strong className="moderation__reason">{REPORT_REASON_LABELS[report.reason]}</strong>
        <span className="muted">
          {' · '}reported by {reporter}{' '}
          <time dateTime={report.createdAt} title={formatFullDate(report.createdAt)}>
            {formatRelativeDate(report.createdAt)}
          </time>
        </span>
      </p>
      {report.post ? (
        <div className="moderation__post">
          <p className="muted">
            Post by <Link to={pathTo('profile', { userHandler: report.member.userHandler })}>{member}</Link>
          </p>
          <PostText text={report.post.content} className="moderation__text" />
          {report.post.pic && <img className="moderation__pic" src={report.post.pic} alt={report.post.picAlt || `Picture by ${member}`} />}
        </div>
      ) : (
        <p>
          Member: <Link to={pathTo('profile', { userHandler: report.member.userHandler })}>{member}</Link> (@{report.member.userHandler})
        </p>
      )}
      {report.details && <p className="moderation__details">“{report.details}”</p>}
      <div className="moderation__actions">
        {report.post && (
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void decide('remove')}>
            Remove post
          </button>
        )}
        <button type="button" className="btn" disabled={busy} onClick={() => void decide('dismiss')}>
          Dismiss
        </button>
      </div>
    </li>
  );
}

export default function ModerationPage() {
  const [reports, setReports] = useState<ReportV2[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const [aboutYou, setAboutYou] = useState('');

  const fetchPage = useCallback(async (after: string | null) => {
    const page = await api.v2.moderation.reports({ cursor: after });
    setAboutYou(aboutYouNote(page.aboutYou));
    setReports((known) => {
      const ids = new Set(known.map((r) => r._id));
      return [...(after === null ? [] : known), ...page.reports.filter((r) => after === null || !ids.has(r._id))];
    });
    setCursor(page.nextCursor);
  }, []);

  const reload = useCallback(() => {
    setLoad({ state: 'loading' });
    fetchPage(null).then(
      () => setLoad({ state: 'ready' }),
      (failure: unknown) =>
        setLoad({ state: 'failed', message: errorMessage(failure), forbidden: failure instanceof ApiError && failure.status === 403 }),
    );
  }, [fetchPage]);

  useEffect(reload, [reload]);

  const more = async () => {
    setLoadingMore(true);
    try {
      await fetchPage(cursor);
    } catch (failure) {
      toast('error', errorMessage(failure));
    }
    setLoadingMore(false);
  };

  const decided = (report: ReportV2, removedPostId: string | null) => {
    // A removal closes every open report of the post.
    setReports((known) => known.filter((r) => r._id !== report._id && (removedPostId === null || r.post?._id !== removedPostId)));
    if (removedPostId) removePost(removedPostId);
  };

  return (
    <section className="moderation" aria-labelledby="moderation-heading">
      <h1 id="moderation-heading">Moderation</h1>
      {load.state === 'loading' && <Spinner size="page" />}
      {load.state === 'failed' && (
        <div className="card moderation__failed" role="alert">
          <p>{load.message}</p>
          {!load.forbidden && (
            <button type="button" className="btn btn--primary" onClick={reload}>
              Try again
            </button>
          )}
        </div>
      )}
      {load.state === 'ready' && (
        <>
          <p className="muted">Open reports, oldest first.</p>
          {aboutYou && <p className="card moderation__about-you">{aboutYou}</p>}
          {reports.length === 0 ? (
            <p className="card moderation__empty">{NO_OPEN_REPORTS}</p>
          ) : (
            <ul className="moderation__list">
              {reports.map((report) => (
                <ReportItem key={report._id} report={report} onDecided={decided} />
              ))}
            </ul>
          )}
          {cursor && (
            <button type="button" className="btn" onClick={() => void more()} disabled={loadingMore} aria-busy={loadingMore || undefined}>
              Show more reports
            </button>
          )}
        </>
      )}
    </section>
  );
}

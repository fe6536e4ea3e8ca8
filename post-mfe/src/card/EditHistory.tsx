import React, { useCallback, useEffect, useRef, useState } from 'react';
import type { PostV2, PostVersionV2 } from '@social/mock-api/contract-v2';
import { api, errorMessage } from '@social/shell/bus';
import { Modal, Spinner, formatFullDate, formatRelativeDate } from '@social/shell/ui';
import { PostText } from '../text/PostText';
import { PostPictures } from './PostPictures';
import './edit-history.css';

/** Earlier versions asked for at a time. */
const HISTORY_PAGE = 10;

interface Props {
  post: PostV2;
  authorName: string;
}

/**
 * "Edited" next to an edited post's date: opens the "Edit history" dialog, every earlier
 * version newest first, each with its date, text and pictures (GET /v2/posts/:postId/history,
 * page by page). Asked again each time it opens, so a later edit shows.
 */
export function EditedButton({ post, authorName }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="post-card__edited"
        aria-haspopup="dialog"
        title={`Edited ${formatFullDate(post.updatedAt)}`}
        onClick={() => setOpen(true)}
      >
        Edited
      </button>
      {open && <EditHistoryDialog post={post} authorName={authorName} onClose={() => setOpen(false)} />}
    </>
  );
}

function EditHistoryDialog({ post, authorName, onClose }: Props & { onClose: () => void }) {
  const [versions, setVersions] = useState<PostVersionV2[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'idle' | 'error'>('loading');
  const [error, setError] = useState('');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const load = useCallback(
    async (from: string | null) => {
      setState('loading');
      try {
        const page = await api.v2.posts.history(post._id, { limit: HISTORY_PAGE, cursor: from });
        if (!mounted.current) return;
        setVersions((current) => (from === null ? page.versions : [...current, ...page.versions]));
        setCursor(page.nextCursor);
        setState('idle');
      } catch (caught) {
        if (!mounted.current) return;
        setError(errorMessage(caught, 'The edit history could not be loaded.'));
        setState('error');
      }
    },
    [post._id],
  );

  useEffect(() => {
    void load(null);
  }, [load, post.updatedAt]);

  return (
    <Modal title="Edit history" onClose={onClose} className="post-modal edit-history">
      <p className="muted edit-history__now">
        Last edited <time dateTime={post.updatedAt}>{formatFullDate(post.updatedAt)}</time>. Earlier versions, newest first:
      </p>
      {versions.length > 0 && (
        <ol className="edit-history__list">
          {versions.map((version, i) => (
            <li key={`${version.createdAt}-${i}`} className="edit-history__version">
              <article aria-label={`Version of ${formatFullDate(version.createdAt)}`}>
                <p className="edit-history__date muted">
                  <time dateTime={version.createdAt} title={formatFullDate(version.createdAt)}>
                    {formatFullDate(version.createdAt)} ({formatRelativeDate(version.createdAt)})
                  </time>
                  {i === versions.length - 1 && cursor === null ? ' · Original' : ''}
                </p>
                <PostText text={version.content} className="edit-history__text" />
                <PostPictures pictures={version.pictures} authorName={authorName} opens="nothing" />
              </article>
            </li>
          ))}
        </ol>
      )}
      {state === 'loading' && <Spinner />}
      {state === 'idle' && versions.length === 0 && <p>No earlier versions.</p>}
      {state === 'error' && (
        <p className="field-error" role="alert">
          {error}{' '}
          <button type="button" className="btn" onClick={() => void load(versions.length > 0 ? cursor : null)}>
            Try again
          </button>
        </p>
      )}
      {state === 'idle' && cursor !== null && (
        <button type="button" className="btn" onClick={() => void load(cursor)}>
          Show earlier versions
        </button>
      )}
    </Modal>
  );
}

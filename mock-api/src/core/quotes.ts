/**
 * Quote posts (docs/api.md, "Reposts and quotes"): a post may quote one other post, by id.
 * - The quoted post must be one its author can see (it exists, and its author is not blocked
 *   either way nor muted by them): else 400 quoteUnavailable.
 * - It notifies the quoted post's author once per quote ("quoted your post", with the quote's
 *   text); the notification goes with the quote.
 * - The quote stays when the quoted post goes, or when the viewer cannot see it: its card then
 *   says the quoted post is no longer available. A quoted post that quotes another names it
 *   only (one level of nesting).
 */
import { V2_ERRORS, type AuthorV2, type QuotedPostV2 } from '../contract-v2';
import { fail } from './errors';
import type { DomainEvent } from './events';
import { notify, type WithNotifications } from './notifications';
import { wait, type Actor, type Operation, type Step } from './operation';

/** What quote checks read of the post store. */
interface QuoteReader extends WithNotifications {
  postAuthor(postId: string): Step<string | null>;
  hiddenFrom(viewerId: string, now: string): Step<readonly string[]>;
}

/** The `quoteOf` of a v2 draft: undefined when absent or empty, else a post id (checked by `checkQuote`). */
export function quoteOfField(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) throw fail.badRequest(V2_ERRORS.badQuoteOf);
  return value;
}

/**
 * The post a new post quotes must be one its author can see: it exists, and safety hides its
 * author from them in no way (blocked either way, muted). Answers that post's author.
 */
export function* checkQuote(store: QuoteReader, actor: Actor, quoteOf: string): Operation<string> {
  const author = yield* wait(store.postAuthor(quoteOf));
  if (author === null) throw fail.badRequest(V2_ERRORS.quoteUnavailable);
  if (author !== actor.memberId) {
    const hidden = yield* wait(store.hiddenFrom(actor.memberId, actor.now));
    if (hidden.includes(author)) throw fail.badRequest(V2_ERRORS.quoteUnavailable);
  }
  return author;
}

/** The quoted post's author hears of the quote, with its text (one notification per quote). */
export function* notifyQuote(store: QuoteReader, actor: Actor, quotedAuthor: string, quotePostId: string): Operation<DomainEvent[]> {
  return yield* notify(store.notifications, actor, quotedAuthor, 'quote', { postId: quotePostId, commentId: null, replyId: null });
}

/** What a store knows of a quoted post, for the card (null: it is gone). */
export interface QuotedRow {
  id: string;
  author: AuthorV2;
  content: string;
  pic: string;
  picAlt: string;
  createdAt: string;
  quoteOf: string | null;
}

/** The quoted post as the quote's card shows it: unavailable when gone or hidden from the viewer (`hidden`). */
export function quotedV2(quoteOf: string, row: QuotedRow | null, hidden: boolean): QuotedPostV2 {
  if (!row || hidden) return { _id: quoteOf, available: false };
  return {
    _id: row.id,
    available: true,
    author: { ...row.author },
    content: row.content,
    pic: row.pic,
    picAlt: row.picAlt,
    createdAt: row.createdAt,
    quoteOf: row.quoteOf,
  };
}

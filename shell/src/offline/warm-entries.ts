/**
 * Entry files asked of the network when a page is navigated to (./sw.ts), handed to the page's
 * own requests for them. A returning load reads remotes.json, then the remotes' manifests, then
 * their remoteEntry.js, each network first (so a redeployed remote is used at once): three round
 * trips one after the other. Started together at the navigation, from the list the last load
 * cached, they cost the load one round trip, and each answer is still the network's, asked for
 * at or after this load's navigation: a navigation drops what the one before left untaken and
 * asks again (a remote redeployed between two loads is in the second one's answers). An answer
 * not taken within WARM_FOR_MS is dropped; each is taken once.
 */
export const WARM_FOR_MS = 10_000;

export class WarmAnswers {
  private readonly answers = new Map<string, { until: number; answer: Promise<Response> }>();

  constructor(private readonly fetchOne: (url: string) => Promise<Response>) {}

  /** Starts a network request for each url; what an earlier navigation left untaken is dropped. */
  start(urls: string[], now: number = Date.now()): void {
    this.answers.clear();
    for (const url of urls) {
      const answer = this.fetchOne(url);
      // Never taken (the page did not need that remote): its failure is nobody's error.
      answer.catch(() => undefined);
      this.answers.set(url, { until: now + WARM_FOR_MS, answer });
    }
  }

  /** The answer started for `url`, once; undefined when none was started or it is too old. */
  take(url: string, now: number = Date.now()): Promise<Response> | undefined {
    const warm = this.answers.get(url);
    if (!warm) return undefined;
    this.answers.delete(url);
    return warm.until >= now ? warm.answer : undefined;
  }
}

/**
 * Entry files asked of the network when a page is navigated to (./sw.ts), handed to the page's
 * own requests for them. A returning load reads remotes.json, then the remotes' manifests, then
 * their remoteEntry.js, each network first (so a redeployed remote is used at once): three round
 * trips one after the other. Started together at the navigation, from the list the last load
 * cached, they cost the load one round trip, and each answer is still the network's, asked for
 * at or after this load's navigation: a navigation drops what the one before left untaken and
 * asks again (a remote redeployed between two loads is in the second one's answers). An answer
 * not taken within WARM_FOR_MS is dropped; each is taken once.
 * The list is known only once the worker has read its cache, and a page the worker serves from
 * its cache can ask for remotes.json before that: a request made meanwhile waits for the list,
 * so it takes the navigation's answer instead of asking the network a second time.
 */
export const WARM_FOR_MS = 10_000;

export class WarmAnswers {
  private readonly answers = new Map<string, { until: number; answer: Promise<Response> }>();
  /** The current navigation's list, until it is known. */
  private listed: Promise<unknown> = Promise.resolve();
  private navigation = 0;

  constructor(private readonly fetchOne: (url: string) => Promise<Response>) {}

  /**
   * At a navigation: drops what an earlier one left untaken and starts a network request for
   * each url, once `urls` is known (a list that fails to come starts nothing).
   */
  start(urls: string[] | Promise<string[]>, now: number = Date.now()): void {
    this.answers.clear();
    const navigation = ++this.navigation;
    this.listed = Promise.resolve(urls).then(
      (list) => {
        if (navigation !== this.navigation) return; // A later navigation has started its own.
        for (const url of list) {
          const answer = this.fetchOne(url);
          // Never taken (the page did not need that remote): its failure is nobody's error.
          answer.catch(() => undefined);
          this.answers.set(url, { until: now + WARM_FOR_MS, answer });
        }
      },
      () => undefined,
    );
  }

  /**
   * The answer started for `url`, once (after the current navigation's list is known);
   * undefined when none was started or it is too old. A failed request rejects.
   */
  async take(url: string, now: () => number = Date.now): Promise<Response | undefined> {
    await this.listed;
    const warm = this.answers.get(url);
    if (!warm) return undefined;
    this.answers.delete(url);
    return warm.until >= now() ? warm.answer : undefined;
  }
}

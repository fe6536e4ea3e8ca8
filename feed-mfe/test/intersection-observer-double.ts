/** jsdom has no IntersectionObserver: this double lets a test say "the sentinel is on screen". */
type Callback = (entries: IntersectionObserverEntry[], observer: IntersectionObserver) => void;

const live = new Set<FakeIntersectionObserver>();

export class FakeIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [0];
  private targets: Element[] = [];
  constructor(private readonly callback: Callback) {}
  observe(target: Element) {
    this.targets.push(target);
    live.add(this);
  }
  unobserve(target: Element) {
    this.targets = this.targets.filter((t) => t !== target);
  }
  disconnect() {
    this.targets = [];
    live.delete(this);
  }
  takeRecords() {
    return [];
  }
  fire(isIntersecting: boolean) {
    const entries = this.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    if (entries.length) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** Tells every observer now watching that its targets entered (or left) the screen. */
export function fireIntersection(isIntersecting = true): void {
  for (const observer of [...live]) observer.fire(isIntersecting);
}

/** Number of observers currently watching something. */
export const liveObservers = (): number => live.size;

export function installIntersectionObserver(): void {
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: FakeIntersectionObserver });
}

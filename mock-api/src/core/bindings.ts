/**
 * v2 calls written once, as one table of bindings both backends register with one loop
 * (mock-api/src/server/v2/bindings.ts, api-server/src/v2/bindings.ts): each reads its request and
 * runs the core's operation on the store it names. The call's other facts (method, path, status,
 * who may call it) are its row in the route table (../contract/routes.ts). A write runs in one
 * transaction with the events it names. The rest of v2 is still bound by each backend
 * (docs/architecture.md, "Routes").
 */
import type { V2RouteName } from '../contract-v2';
import type { JsonObject } from './validate';
import type { Outcome } from './events';
import type { Actor, Operation } from './operation';
import { readLikers, type PostStore } from './posts';
import {
  block,
  decideReport,
  isModerator,
  mute,
  readRelationship,
  readReports,
  readSafetyPage,
  reportMember,
  reportPost,
  unmute,
  type SafetyStore,
} from './safety';

/** What a binding reads of the request. */
export interface CoreCall {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: JsonObject;
}

/** The request's stores, one per port; each host makes only the ones a binding reads. */
export interface CoreStores {
  readonly posts: PostStore;
  readonly safety: SafetyStore;
}

/** A caller who may be signed out (`memberId` null): reads that anyone may make. */
export interface Viewer {
  memberId: string | null;
  now: string;
}

export type CoreBinding =
  /** A read anyone may make; a token adds the viewer's fields. */
  | { kind: 'read'; run(stores: CoreStores, viewer: Viewer, call: CoreCall): Operation<unknown> }
  /** A read of the member's own or the moderators' data: the member is required. */
  | { kind: 'member'; run(stores: CoreStores, actor: Actor, call: CoreCall): Operation<unknown> }
  /** A write by the member: its events are logged with it. */
  | { kind: 'write'; run(stores: CoreStores, actor: Actor, call: CoreCall): Operation<Outcome<unknown>> };

const param = (call: CoreCall, name: string): string => call.params[name] ?? '';
const member = (run: (s: CoreStores, actor: Actor, call: CoreCall) => Operation<unknown>): CoreBinding => ({ kind: 'member', run });
const write = (run: (s: CoreStores, actor: Actor, call: CoreCall) => Operation<Outcome<unknown>>): CoreBinding => ({ kind: 'write', run });
const read = (run: (s: CoreStores, viewer: Viewer, call: CoreCall) => Operation<unknown>): CoreBinding => ({ kind: 'read', run });

export const CORE_BINDINGS = {
  likers: read((s, viewer, call) => readLikers(s.posts, viewer, param(call, 'postId'), call.query)),
  // Safety (docs/safety.md).
  myRoles: member((s, actor) => isModerator(s.safety, actor)),
  myBlocks: member((s, actor, call) => readSafetyPage(s.safety, actor, 'blocks', call.query)),
  myMutes: member((s, actor, call) => readSafetyPage(s.safety, actor, 'mutes', call.query)),
  relationship: member(function* (s, actor, call) {
    return { relationship: yield* readRelationship(s.safety, actor, param(call, 'memberId')) };
  }),
  block: write((s, actor, call) => block(s.safety, actor, param(call, 'memberId'), true)),
  unblock: write((s, actor, call) => block(s.safety, actor, param(call, 'memberId'), false)),
  mute: write((s, actor, call) => mute(s.safety, actor, param(call, 'memberId'), call.body)),
  unmute: write((s, actor, call) => unmute(s.safety, actor, param(call, 'memberId'))),
  reportPost: write((s, actor, call) => reportPost(s.safety, actor, param(call, 'postId'), call.body)),
  reportMember: write((s, actor, call) => reportMember(s.safety, actor, param(call, 'memberId'), call.body)),
  reports: member((s, actor, call) => readReports(s.safety, actor, call.query)),
  // The decision and the post's removal (with its picture): one transaction.
  removeReportedPost: write((s, actor, call) => decideReport(s.safety, actor, param(call, 'reportId'), 'removed')),
  dismissReport: write((s, actor, call) => decideReport(s.safety, actor, param(call, 'reportId'), 'dismissed')),
} satisfies Partial<Record<V2RouteName, CoreBinding>>;

export type CoreRouteName = keyof typeof CORE_BINDINGS;

/**
 * The v2 safety calls (../contract-v2.ts, V2_ROUTES) as one table of bindings both backends
 * register (docs/safety.md): each reads its request and runs the core's operation (./safety.ts).
 * A write runs in one transaction with the events it names; a read needs the member too.
 */
import type { V2RouteName } from '../contract-v2';
import type { JsonObject } from './validate';
import type { Outcome } from './events';
import type { Actor, Operation } from './operation';
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
export interface SafetyCall {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
  body: JsonObject;
}

export interface SafetyBinding {
  /** A write (its events are logged with it), or a read of the member's own or the moderators' data. */
  write: boolean;
  /** The answer's status; its body is the operation's result. */
  status: 200 | 201;
  run(store: SafetyStore, actor: Actor, call: SafetyCall): Operation<Outcome<unknown>>;
}

const param = (call: SafetyCall, name: string): string => call.params[name] ?? '';

const read = (run: (store: SafetyStore, actor: Actor, call: SafetyCall) => Operation<unknown>): SafetyBinding => ({
  write: false,
  status: 200,
  *run(store, actor, call) {
    return { result: yield* run(store, actor, call), events: [] };
  },
});

const write = (status: 200 | 201, run: SafetyBinding['run']): SafetyBinding => ({ write: true, status, run });

export const SAFETY_BINDINGS = {
  myRoles: read((s, actor) => isModerator(s, actor)),
  myBlocks: read((s, actor, call) => readSafetyPage(s, actor, 'blocks', call.query)),
  myMutes: read((s, actor, call) => readSafetyPage(s, actor, 'mutes', call.query)),
  relationship: read(function* (s, actor, call) {
    return { relationship: yield* readRelationship(s, actor, param(call, 'memberId')) };
  }),
  block: write(200, (s, actor, call) => block(s, actor, param(call, 'memberId'), true)),
  unblock: write(200, (s, actor, call) => block(s, actor, param(call, 'memberId'), false)),
  mute: write(200, (s, actor, call) => mute(s, actor, param(call, 'memberId'), call.body)),
  unmute: write(200, (s, actor, call) => unmute(s, actor, param(call, 'memberId'))),
  reportPost: write(201, (s, actor, call) => reportPost(s, actor, param(call, 'postId'), call.body)),
  reportMember: write(201, (s, actor, call) => reportMember(s, actor, param(call, 'memberId'), call.body)),
  reports: read((s, actor, call) => readReports(s, actor, call.query)),
  // The decision and the post's removal (with its picture): one transaction.
  removeReportedPost: write(200, (s, actor, call) => decideReport(s, actor, param(call, 'reportId'), 'removed')),
  dismissReport: write(200, (s, actor, call) => decideReport(s, actor, param(call, 'reportId'), 'dismissed')),
} satisfies Partial<Record<V2RouteName, SafetyBinding>>;

export type SafetyRouteName = keyof typeof SAFETY_BINDINGS;

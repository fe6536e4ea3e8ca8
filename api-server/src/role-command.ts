/**
 * The operator's command for roles (src/roles.ts), run by src/role-main.ts:
 *   npm run role -w api-server -- grant moderator <handle|e-mail>
 *   npm run role -w api-server -- revoke moderator <handle|e-mail>
 *   npm run role -w api-server -- list [moderator]
 * A grant or a revocation applies at once, on every instance: the role is read on every call.
 */
import type { Executor } from './db';
import { grantRole, isRole, listRoles, revokeRole, RoleError, ROLES, type RoleMember } from './roles';

const ROLE_USAGE = [
  'usage: npm run role -w api-server -- grant <role> <handle|e-mail>',
  '       npm run role -w api-server -- revoke <role> <handle|e-mail>',
  '       npm run role -w api-server -- list [<role>]',
  `roles: ${ROLES.join(', ')}`,
].join('\n');

export interface RoleCommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Exit codes: 0 done (or nothing to change), 1 no such member, 2 not a command this understands. */
export type RoleExit = 0 | 1 | 2;

const named = (m: RoleMember) => `@${m.userHandler} (${m.firstName} ${m.lastName}, ${m.username})`;

export async function runRoleCommand(args: readonly string[], ex: Executor, io: RoleCommandOutput): Promise<RoleExit> {
  const [action, role, ...rest] = args;
  const usage = (problem: string): RoleExit => {
    io.err(problem);
    io.err(ROLE_USAGE);
    return 2;
  };
  if (action === 'list') {
    if (rest.length > 0) return usage('list takes at most a role.');
    if (role !== undefined && !isRole(role)) return usage(`"${role}" is not a role.`);
    const holders = await listRoles(ex, role);
    if (holders.length === 0) io.out(role ? `No member is a ${role}.` : 'No member holds a role.');
    for (const h of holders) io.out(`${h.role}\t${named(h)}\tsince ${h.grantedAt}`);
    return 0;
  }
  if (action !== 'grant' && action !== 'revoke') return usage(action ? `"${action}" is not a command.` : 'Name a command.');
  if (role === undefined || !isRole(role)) return usage(role === undefined ? 'Name a role.' : `"${role}" is not a role.`);
  const who = rest.join(' ').trim();
  if (!who || rest.length > 1) return usage(who ? 'Name one member.' : 'Name the member: a handle or an e-mail.');
  try {
    if (action === 'grant') {
      const { member, granted } = await grantRole(ex, role, who);
      io.out(granted ? `${named(member)} is now a ${role}.` : `${named(member)} is already a ${role}.`);
    } else {
      const { member, revoked } = await revokeRole(ex, role, who);
      io.out(revoked ? `${named(member)} is no longer a ${role}.` : `${named(member)} was not a ${role}.`);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof RoleError)) throw error;
    io.err(error.message);
    return 1;
  }
}

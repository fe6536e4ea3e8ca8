/**
 * Roles belong to members, not to names: a row of `member_roles` per member and role, granted
 * and revoked by the operator (`npm run role -w api-server -- grant moderator <handle|e-mail>`,
 * src/role-main.ts), read on every call that needs the role (SqlSafetyStore.isModerator), so a
 * grant or a revocation applies on every instance at once. A member's roles go with their
 * account (on delete cascade); a later signup with the same name or e-mail starts with none.
 * The demo seed of a development server grants the seed's moderator (src/seed.ts). Table:
 * src/roles-schema.ts; docs/safety.md.
 */
import { one, rows, sql, type Executor } from './db';

export const ROLES = ['moderator'] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

export interface RoleMember {
  id: string;
  /** The e-mail the member logs in with. */
  username: string;
  userHandler: string;
  firstName: string;
  lastName: string;
}

export interface RoleHolder extends RoleMember {
  role: Role;
  grantedAt: string;
}

export async function hasRole(ex: Executor, memberId: string, role: Role): Promise<boolean> {
  return !!(await one(ex, sql`select 1 from member_roles where member_id = ${memberId} and role = ${role}`));
}

/**
 * The member a person names: `@handle` or `handle` by their handle, anything else with an `@`
 * inside by their e-mail, case-insensitively either way (both are unique so).
 */
async function findMember(ex: Executor, who: string): Promise<RoleMember | undefined> {
  const name = who.trim();
  if (!name) return undefined;
  const byEmail = name.indexOf('@') > 0;
  const value = byEmail ? name : name.replace(/^@/, '');
  const row = await one(
    ex,
    sql<{ id: string; username: string; user_handler: string; first_name: string; last_name: string }>`
      select id, username, user_handler, first_name, last_name from members
      where ${byEmail ? sql`lower(username) = lower(${value})` : sql`lower(user_handler) = lower(${value})`}`,
  );
  return row && { id: row.id, username: row.username, userHandler: row.user_handler, firstName: row.first_name, lastName: row.last_name };
}

export class RoleError extends Error {
  override name = 'RoleError';
}

const noSuchMember = (who: string) => new RoleError(`No member has the handle or e-mail "${who.trim()}".`);

/** Gives `role` to the member `who` names; `granted: false` when they held it already. */
export async function grantRole(ex: Executor, role: Role, who: string): Promise<{ member: RoleMember; granted: boolean }> {
  const member = await findMember(ex, who);
  if (!member) throw noSuchMember(who);
  const added = await one(
    ex,
    sql`insert into member_roles (member_id, role) values (${member.id}, ${role}) on conflict do nothing returning 1`,
  );
  return { member, granted: !!added };
}

/** Takes `role` from the member `who` names; `revoked: false` when they did not hold it. */
export async function revokeRole(ex: Executor, role: Role, who: string): Promise<{ member: RoleMember; revoked: boolean }> {
  const member = await findMember(ex, who);
  if (!member) throw noSuchMember(who);
  const gone = await one(ex, sql`delete from member_roles where member_id = ${member.id} and role = ${role} returning 1`);
  return { member, revoked: !!gone };
}

/** Every member holding a role (or `role`), by role, then oldest grant first. */
export async function listRoles(ex: Executor, role?: Role): Promise<RoleHolder[]> {
  const found = await rows(
    ex,
    sql<{
      id: string;
      username: string;
      user_handler: string;
      first_name: string;
      last_name: string;
      role: Role;
      granted_at: Date | string;
    }>`select m.id, m.username, m.user_handler, m.first_name, m.last_name, r.role, r.granted_at
      from member_roles r join members m on m.id = r.member_id
      ${role ? sql`where r.role = ${role}` : sql``}
      order by r.role, r.granted_at, m.user_handler`,
  );
  return found.map((r) => ({
    id: r.id,
    username: r.username,
    userHandler: r.user_handler,
    firstName: r.first_name,
    lastName: r.last_name,
    role: r.role,
    grantedAt: new Date(r.granted_at).toISOString(),
  }));
}

import { clearFailedSignIns, revokeUserTokens } from '../auth/auth.repository.js';
import {
  AGENT_EMAIL_SEARCH_LIMIT,
  LOGIN_DETAILS_EMAIL_SUBJECT,
  REJECTION_EMAIL_SUBJECT,
  type AddAgentBody,
  type Agent,
  type AgentListQuery,
  type MyProfile,
  type UpdateAgentBody,
  type UpdateMyProfileBody,
  type UserListRow,
} from '@portal/contract/agents';
import type { Paginated } from '@portal/contract/common';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { createUnauthenticatedError } from '../../lib/http-error.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { generatePassword, hashPassword } from '../../lib/password.js';
import { readAgentCredit, settleCreditLimit, type LowCreditNotice } from '../credit/credit.usecases.js';
import { enqueueEmail } from '../emails/outbox.js';
import { getPublicFileUrl, saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
import { nextAgentIdSql, type UserRow } from '../users/users.table.js';
import {
  createAgentAlreadyApprovedError,
  createAgentAlreadyRejectedError,
  createAgentEmailMissingError,
  createAgentEmailRequiredError,
  createAgentImageRequiredError,
  createAgentNotFoundError,
  createEmailTakenError,
  createProfileReadOnlyError,
  createUserNotFoundError,
} from './agents.errors.js';
import {
  findLiveAgentForUpdate,
  findLiveAgentWithFiles,
  findLiveUserForUpdate,
  findLiveUserWithFiles,
  insertAgent,
  isEmailTakenByOther,
  listLiveAgents,
  listLiveUsers,
  searchLiveAgents,
  softDeleteUser,
  updateUserRow,
  type UserWithFiles,
} from './agents.repository.js';

/** What the agent use cases need besides the database: uploads, public URLs and the mail kick (after commit). */
export interface AgentsContext {
  db: Database;
  storage: StorageContext;
  /** Sends due outbox mail now (app.kickMail); called only after the transaction that queued it committed. */
  kickMail: () => void;
  /** Who changes the agent, for the audit trail (decision 035). */
  actor: AuditActor;
}

function fileUrl(publicUrl: string, storagePath: string | null): string | null {
  return storagePath ? getPublicFileUrl({ publicUrl, storagePath }) : null;
}

function toSource(source: string): Agent['source'] {
  return source === 'admin' || source === 'seed' ? source : 'register';
}

type AgentCredit = Pick<Agent, 'credit_limit' | 'balance' | 'available_credit'>;

/** Administrators have no credit: no limit, nothing owed. */
const NO_CREDIT: AgentCredit = { credit_limit: null, balance: 0, available_credit: null };

/** The agent rows of 001 §3 with their credit (PRODUCT §6): one read of balances and holds for the whole list. */
async function toAgents({ db, rows, publicUrl }: { db: Executor; rows: UserWithFiles[]; publicUrl: string }): Promise<Agent[]> {
  const credit = await readAgentCredit({ db, agents: rows.filter((row) => row.role !== 'admin') });
  return rows.map((row) => toAgent({ row, publicUrl, credit: credit.get(row.id) ?? NO_CREDIT }));
}

/** The agent row of 001 §3 (also my-profile's shape, administrators included). */
function toAgent({ row, publicUrl, credit }: { row: UserWithFiles; publicUrl: string; credit: AgentCredit }): Agent {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    agency_name: row.agencyName,
    email: row.email,
    phone: row.phone,
    image: fileUrl(publicUrl, row.imagePath),
    logo: fileUrl(publicUrl, row.logoPath),
    city: row.city,
    country: row.country,
    office_address: row.officeAddress,
    office_no: row.officeNo,
    propriter_name: row.propriterName,
    created_at: row.createdAt.toISOString(),
    agent_id: row.role === 'admin' ? null : row.agentId,
    active_status: row.activeStatus,
    source: toSource(row.source),
    locked_until: toLockedUntil(row),
    ...credit,
  };
}

/** The lock's end while it is still ahead, else null (an expired lock no longer refuses sign-in; decision 018). */
function toLockedUntil(row: UserRow): string | null {
  return row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil.toISOString() : null;
}

function toUserListRow({ row, publicUrl }: { row: UserWithFiles; publicUrl: string }): UserListRow {
  return {
    id: row.id,
    image_url: fileUrl(publicUrl, row.imagePath),
    name: row.name,
    email: row.email,
    role: row.role,
    active_status: row.activeStatus,
    created_at: row.createdAt.toISOString(),
    agent_id: row.role === 'admin' ? null : row.agentId,
    agent: row.role === 'admin' ? null : { agency_name: row.agencyName },
    locked_until: toLockedUntil(row),
  };
}

async function readAgent({ db, id, publicUrl }: { db: Executor; id: number; publicUrl: string }): Promise<Agent> {
  const row = await findLiveAgentWithFiles({ db, id });
  if (!row) throw createAgentNotFoundError();
  const [agent] = await toAgents({ db, rows: [row], publicUrl });
  return agent!;
}

// ---- E-mails (PRODUCT §4 "Agents and accounts") ---------------------------------------------------------------

/** The login details e-mail: address, password and the sign-in link (accept, add-agent, first e-mail of an approved agent). */
export function buildLoginDetailsEmail({ name, email, password, publicUrl }: { name: string; email: string; password: string; publicUrl: string }) {
  const signInUrl = `${publicUrl}/signin`;
  return {
    to: email,
    subject: LOGIN_DETAILS_EMAIL_SUBJECT,
    text: [
      `Dear ${name},`,
      '',
      'Your agent account on the Group Fares portal has been approved. Your login details:',
      '',
      `E-mail: ${email}`,
      `Password: ${password}`,
      '',
      `Sign in here: ${signInUrl}`,
      '',
      'After signing in you will be asked to choose a new password and to verify your WhatsApp number.',
      '',
      'Regards,',
      'Group Fares',
    ].join('\n'),
  };
}

function buildRejectionEmail({ name, email }: { name: string; email: string }) {
  return {
    to: email,
    subject: REJECTION_EMAIL_SUBJECT,
    text: [
      `Dear ${name},`,
      '',
      'Thank you for registering with the Group Fares portal. We are sorry that we cannot approve your registration at this time.',
      '',
      'If you think this is a mistake or would like to know more, please contact us.',
      '',
      'Regards,',
      'Group Fares',
    ].join('\n'),
  };
}

/**
 * A fresh password for an approved agent (accept, add-agent): hashed before the transaction (scrypt takes a
 * while and must not hold row locks), then stored with change_password and whatsapp_pending in the same
 * transaction as the e-mail that carries it.
 */
async function newLoginDetails(): Promise<{ password: string; passwordHash: string }> {
  const password = generatePassword(12);
  return { password, passwordHash: await hashPassword(password) };
}

/** Turns the unique index's verdict (two writers racing for one address) into the same 422 as the check. */
async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw createEmailTakenError();
    throw error;
  }
}

// ---- Use cases ----------------------------------------------------------------------------------------------------

export async function listAgents({
  db,
  publicUrl,
  pageRequest,
  query,
}: {
  db: Database;
  publicUrl: string;
  pageRequest: PageRequest;
  query: Pick<AgentListQuery, 'search' | 'status'>;
}): Promise<Paginated<Agent>> {
  const { rows, total } = await listLiveAgents({
    db,
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
    search: query.search,
    status: query.status,
  });
  return toPaginated({ rows: await toAgents({ db, rows, publicUrl }), total, pageRequest });
}

export async function listUsers({ db, publicUrl, pageRequest }: { db: Database; publicUrl: string; pageRequest: PageRequest }): Promise<Paginated<UserListRow>> {
  const { rows, total } = await listLiveUsers({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toUserListRow({ row, publicUrl })), total, pageRequest });
}

export async function getAgent({ db, id, publicUrl }: { db: Database; id: number; publicUrl: string }): Promise<Agent> {
  return readAgent({ db, id, publicUrl });
}

/** The header search (000 §2, 001 §2 "Search agents by email"; the header-search route asks for fewer). */
export async function searchAgentsByEmail({
  db,
  query,
  publicUrl,
  limit = AGENT_EMAIL_SEARCH_LIMIT,
}: {
  db: Database;
  query: string;
  publicUrl: string;
  limit?: number;
}): Promise<Agent[]> {
  const rows = await searchLiveAgents({ db, query, limit });
  return toAgents({ db, rows, publicUrl });
}

/**
 * Add Agent (001 §5): approved at once (an admin adds only agents it knows); with an e-mail its login details
 * are generated and e-mailed as on accept, without one it has no login yet (see updateAgent).
 */
export async function addAgent({ db, storage, kickMail, actor, input, userId }: AgentsContext & { input: AddAgentBody; userId: number }): Promise<Agent> {
  const email = input.email ?? null;
  const login = email ? await newLoginDetails() : undefined;
  const agent = await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      if (email && (await isEmailTakenByOther({ db: tx, email }))) throw createEmailTakenError();
      const image = await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'user_image', field: 'image', userId });
      const logo = input.logo
        ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.logo, kind: 'user_image', field: 'logo', userId })
        : undefined;
      const row = await insertAgent({
        db: tx,
        agent: {
          role: 'user',
          agentId: nextAgentIdSql,
          name: input.name,
          email,
          passwordHash: login?.passwordHash ?? null,
          activeStatus: 'approved',
          changePassword: login !== undefined,
          whatsappPending: login !== undefined,
          phone: input.phone,
          agencyName: input.agency_name ?? null,
          city: input.city ?? null,
          country: input.country ?? 'Pakistan',
          officeAddress: input.office_address ?? null,
          officeNo: input.office_no ?? null,
          propriterName: input.propriter_name ?? null,
          creditLimit: input.credit_limit ?? null,
          imageFileId: image.id,
          logoFileId: logo?.id ?? null,
          source: 'admin',
        },
      });
      if (email && login) {
        await enqueueEmail({ db: tx, email: buildLoginDetailsEmail({ name: row.name, email, password: login.password, publicUrl: storage.publicUrl }) });
      }
      await recordAudit(tx, actor, { kind: 'agent', entity_id: row.id, action: 'add' });
      return readAgent({ db: tx, id: row.id, publicUrl: storage.publicUrl });
    }),
  );
  if (login) kickMail();
  return agent;
}

/**
 * Edit Agent: fields not sent keep their value, optional ones sent empty are cleared. When an approved agent
 * without a password (added without an e-mail) gets its first address, its login details are sent then.
 */
export async function updateAgent({
  db,
  storage,
  kickMail,
  actor,
  id,
  input,
  userId,
}: AgentsContext & { id: number; input: UpdateAgentBody; userId: number }): Promise<{ agent: Agent; lowCredit: LowCreditNotice | null }> {
  // Hashing is slow and must not run under the row lock: prepared up front when this edit may give a
  // password-less approved agent its e-mail; the locked row below decides whether it is used.
  const before = input.email ? await findLiveAgentWithFiles({ db, id }) : undefined;
  const login = before?.activeStatus === 'approved' && before.passwordHash === null ? await newLoginDetails() : undefined;
  let sent = false;
  let lowCredit: LowCreditNotice | null = null;
  const agent = await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const current = await findLiveAgentForUpdate({ db: tx, id });
      if (!current) throw createAgentNotFoundError();
      const audited = await readAuditSnapshot(tx, 'agent', id);
      if (input.email === null && current.activeStatus === 'approved' && current.email) throw createAgentEmailRequiredError();
      if (input.email && input.email !== current.email && (await isEmailTakenByOther({ db: tx, email: input.email, exceptId: id }))) {
        throw createEmailTakenError();
      }
      if (!input.image && current.imageFileId === null) throw createAgentImageRequiredError();
      const image = input.image
        ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'user_image', field: 'image', userId })
        : undefined;
      const logo = input.logo
        ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.logo, kind: 'user_image', field: 'logo', userId })
        : undefined;

      const sendLogin = login !== undefined && input.email && current.activeStatus === 'approved' && current.passwordHash === null;
      await updateUserRow({
        db: tx,
        id,
        changes: {
          name: input.name,
          phone: input.phone,
          ...(input.email === undefined ? {} : { email: input.email }),
          ...(input.agency_name === undefined ? {} : { agencyName: input.agency_name }),
          ...(input.city === undefined ? {} : { city: input.city }),
          ...(input.country ? { country: input.country } : {}),
          ...(input.office_address === undefined ? {} : { officeAddress: input.office_address }),
          ...(input.office_no === undefined ? {} : { officeNo: input.office_no }),
          ...(input.propriter_name === undefined ? {} : { propriterName: input.propriter_name }),
          ...(input.credit_limit === undefined ? {} : { creditLimit: input.credit_limit }),
          ...(image ? { imageFileId: image.id } : {}),
          ...(logo ? { logoFileId: logo.id } : {}),
          ...(sendLogin ? { passwordHash: login.passwordHash, changePassword: true, whatsappPending: true } : {}),
        },
      });
      if (sendLogin && input.email) {
        await enqueueEmail({
          db: tx,
          email: buildLoginDetailsEmail({ name: input.name, email: input.email, password: login.password, publicUrl: storage.publicUrl }),
        });
        sent = true;
      }
      // PRODUCT §6: a new limit moves the low-credit line; the row is locked above, as a booking would lock it.
      if (input.credit_limit !== undefined && input.credit_limit !== current.creditLimit) {
        lowCredit = await settleCreditLimit({ db: tx, agentUserId: id, limit: input.credit_limit, wasLow: current.creditLow });
      }
      // The audit row reads the agent after the change, credit limit and low-credit state included.
      await recordAudit(tx, actor, { kind: 'agent', entity_id: id, action: 'update', before: audited });
      return readAgent({ db: tx, id, publicUrl: storage.publicUrl });
    }),
  );
  if (sent) kickMail();
  return { agent, lowCredit };
}

/**
 * Accept (PRODUCT §4): pending or rejected → approved with a new password, change_password and whatsapp_pending
 * set, and the login details queued in the same transaction; the row lock makes a double click send once.
 */
export async function approveAgent({ db, storage, kickMail, actor, id }: AgentsContext & { id: number }): Promise<Agent> {
  const login = await newLoginDetails();
  const agent = await db.transaction(async (tx) => {
    const current = await findLiveAgentForUpdate({ db: tx, id });
    if (!current) throw createAgentNotFoundError();
    if (current.activeStatus === 'approved') throw createAgentAlreadyApprovedError();
    if (!current.email) throw createAgentEmailMissingError();
    const before = await readAuditSnapshot(tx, 'agent', id);
    await updateUserRow({
      db: tx,
      id,
      changes: {
        activeStatus: 'approved',
        passwordHash: login.passwordHash,
        // A forgot-password temporary password from before does not outlive the new login details.
        tempPasswordHash: null,
        tempPasswordExpiresAt: null,
        changePassword: true,
        // Decision: every accepted agent verifies its WhatsApp number after the first password change (000 §4).
        whatsappPending: true,
      },
    });
    await enqueueEmail({
      db: tx,
      email: buildLoginDetailsEmail({ name: current.name, email: current.email, password: login.password, publicUrl: storage.publicUrl }),
    });
    await recordAudit(tx, actor, { kind: 'agent', entity_id: id, action: 'approve', before });
    return readAgent({ db: tx, id, publicUrl: storage.publicUrl });
  });
  kickMail();
  return agent;
}

/** Reject (PRODUCT §4): the agent is signed out everywhere and told by e-mail when it has an address. */
export async function rejectAgent({ db, storage, kickMail, actor, id }: AgentsContext & { id: number }): Promise<Agent> {
  let sent = false;
  const agent = await db.transaction(async (tx) => {
    const current = await findLiveAgentForUpdate({ db: tx, id });
    if (!current) throw createAgentNotFoundError();
    if (current.activeStatus === 'rejected') throw createAgentAlreadyRejectedError();
    const before = await readAuditSnapshot(tx, 'agent', id);
    await updateUserRow({ db: tx, id, changes: { activeStatus: 'rejected' } });
    await revokeUserTokens({ db: tx, userId: id });
    if (current.email) {
      await enqueueEmail({ db: tx, email: buildRejectionEmail({ name: current.name, email: current.email }) });
      sent = true;
    }
    await recordAudit(tx, actor, { kind: 'agent', entity_id: id, action: 'reject', before });
    return readAgent({ db: tx, id, publicUrl: storage.publicUrl });
  });
  if (sent) kickMail();
  return agent;
}

/** Soft delete (PRODUCT §4): bookings and ledger rows keep the agent; it cannot sign in any more. */
export async function deleteAgent({ db, actor, id }: { db: Database; actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findLiveAgentForUpdate({ db: tx, id }))) throw createAgentNotFoundError();
    const before = await readAuditSnapshot(tx, 'agent', id);
    await softDeleteUser({ db: tx, id });
    await revokeUserTokens({ db: tx, userId: id });
    await recordAudit(tx, actor, { kind: 'agent', entity_id: id, action: 'delete', before });
  });
}

/** Admin unlock (issue 16 point 4, decision 018): any live user's failure count and lock are cleared. */
export async function unlockUser({ db, actor, id }: { db: Database; actor: AuditActor; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findLiveUserForUpdate({ db: tx, id });
    if (!user) throw createUserNotFoundError();
    const kind = user.role === 'admin' ? 'admin' : 'agent';
    const before = await readAuditSnapshot(tx, kind, id);
    await clearFailedSignIns({ db: tx, userId: id });
    await recordAudit(tx, actor, { kind, entity_id: id, action: 'unlock', before });
  });
}

export async function getMyProfile({ db, userId, publicUrl }: { db: Database; userId: number; publicUrl: string }): Promise<MyProfile> {
  const row = await findLiveUserWithFiles({ db, id: userId });
  // The auth hook let the caller in, so the row exists; a delete between the two reads is a 401, as the next request would be.
  if (!row) throw createUnauthenticatedError();
  // Administrators share without markup (decision 026).
  const [agent] = await toAgents({ db, rows: [row], publicUrl });
  return { ...agent!, share_markup: row.role === 'admin' ? 0 : row.shareMarkup };
}

/** 000 §2: administrators edit their own profile; an agent's is changed through the admin (403). */
export async function updateMyProfile({
  db,
  storage,
  user,
  actor,
  input,
}: {
  db: Database;
  storage: StorageContext;
  user: Pick<UserRow, 'id' | 'role'>;
  actor: AuditActor;
  input: UpdateMyProfileBody;
}): Promise<Agent> {
  if (user.role !== 'admin') throw createProfileReadOnlyError();
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const current = await findLiveUserForUpdate({ db: tx, id: user.id });
      if (!current) throw createUnauthenticatedError();
      const before = await readAuditSnapshot(tx, 'admin', user.id);
      if (input.email !== current.email && (await isEmailTakenByOther({ db: tx, email: input.email, exceptId: user.id }))) {
        throw createEmailTakenError();
      }
      const image = input.image
        ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'user_image', field: 'image', userId: user.id })
        : undefined;
      await updateUserRow({
        db: tx,
        id: user.id,
        changes: {
          name: input.name,
          email: input.email,
          ...(input.phone === undefined ? {} : { phone: input.phone }),
          ...(image ? { imageFileId: image.id } : {}),
        },
      });
      await recordAudit(tx, actor, { kind: 'admin', entity_id: user.id, action: 'update_profile', before });
      const row = await findLiveUserWithFiles({ db: tx, id: user.id });
      const [agent] = await toAgents({ db: tx, rows: [row!], publicUrl: storage.publicUrl });
      return agent!;
    }),
  );
}

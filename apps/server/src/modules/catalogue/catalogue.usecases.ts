import type { AuditKind, AuditSnapshot } from '@portal/contract/audit';
import type { FormFile } from '@portal/contract/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf, readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import type { Database, Executor } from '../../db/database.js';
import { saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
import type { FileKind } from '../files/files.table.js';

/**
 * The write rules the picture catalogues share (airlines, my sectors, dashboard buttons, banners; 001 §4-§5), in
 * one place: a record and its picture are saved in one transaction (the picture checked by content and re-encoded,
 * decision 016); an edit without a new picture keeps the stored one, and where the picture is required a record
 * left without one (001 §4 'Remove Image') must get one now; a record is locked while it is changed or removed,
 * so an edit and a delete cannot interleave; the answer is read back inside the transaction.
 */
export interface CatalogueRecords<Row, Answer> {
  /** The upload kind and the form field of the picture (errors name the field). */
  picture: { kind: FileKind; field: string };
  /** The live record, locked until the transaction ends; undefined when there is none. */
  lockForUpdate(args: { db: Executor; id: number }): Promise<Row | undefined>;
  /** The record's picture file id, null without one. */
  pictureIdOf(row: Row): number | null;
  /** The answer for a record, read after a write. */
  read(args: { db: Executor; id: number }): Promise<Answer | undefined>;
  notFound(): Error;
  /** Set where an edit may not leave the record without a picture. */
  pictureRequired?(): Error;
  /** Set where the record's changes go to the audit trail (banners, dashboard buttons; decision 035). */
  auditKind?: AuditKind;
}

/** The audit row of a catalogue change, when the catalogue is audited. */
async function audit<Row, Answer>(
  tx: Executor,
  records: CatalogueRecords<Row, Answer>,
  actor: AuditActor | undefined,
  change: { id: number; action: string; before?: AuditSnapshot | null },
): Promise<void> {
  if (!records.auditKind || !actor) return;
  await recordAudit(tx, actor, { kind: records.auditKind, entity_id: change.id, action: change.action, before: change.before ?? null });
}

async function auditBefore<Row, Answer>(tx: Executor, records: CatalogueRecords<Row, Answer>, id: number): Promise<AuditSnapshot | null> {
  return records.auditKind ? readAuditSnapshot(tx, records.auditKind, id) : null;
}

async function readBack<Row, Answer>(records: CatalogueRecords<Row, Answer>, db: Executor, id: number): Promise<Answer> {
  const answer = await records.read({ db, id });
  if (!answer) throw records.notFound();
  return answer;
}

/** A catalogue form's Status (1 active, 0 inactive) as the row's flag; an edit without one keeps the stored flag. */
export function statusChange(status: 0 | 1 | undefined): { status?: boolean } {
  return status === undefined ? {} : { status: status === 1 };
}

/**
 * What one picture catalogue has of its own: its records, where its forms carry the picture, and how its rows are
 * inserted, updated and removed. catalogueUsecases makes the add, edit and remove use cases from it.
 */
export interface CatalogueSpec<Row, Answer, AddBody, UpdateBody> {
  records: CatalogueRecords<Row, Answer>;
  /** The picture of the add form (required). */
  addPicture(input: AddBody): FormFile;
  /** The picture of the edit form; undefined keeps the stored one. */
  editPicture(input: UpdateBody): FormFile | undefined;
  /** Runs first on an add and an edit, inside the transaction (a banner's button, say). */
  check?(args: { db: Executor; input: AddBody | UpdateBody }): Promise<void>;
  insert(args: { db: Executor; input: AddBody; pictureId: number }): Promise<{ id: number }>;
  /** pictureId: the new picture's file, undefined when the stored one stays. */
  update(args: { db: Executor; id: number; input: UpdateBody; pictureId: number | undefined }): Promise<unknown>;
  /** May refuse a removal while the record is locked (an airline live groups use). */
  inUse?(args: { db: Executor; id: number }): Promise<Error | undefined>;
  remove(args: { db: Executor; id: number }): Promise<unknown>;
}

/** What a catalogue route hands its use case: the database, the uploads, and who asks (audited catalogues). */
export interface CatalogueRequest {
  db: Database;
  storage: StorageContext;
  userId: number | null;
  actor: AuditActor;
}

/** The CatalogueRequest of an admin's request: one way for the catalogue routes to hand it to their use cases. */
export function catalogueRequestOf(app: FastifyInstance, request: FastifyRequest): CatalogueRequest {
  return {
    db: app.db,
    storage: { uploadsDir: app.uploadsDir, publicUrl: app.config.publicUrl },
    userId: request.user?.id ?? null,
    actor: auditActorOf(request),
  };
}

/** The add, edit and remove use cases of a picture catalogue: one way for airlines, my sectors, buttons and banners. */
export function catalogueUsecases<Row, Answer, AddBody, UpdateBody>(spec: CatalogueSpec<Row, Answer, AddBody, UpdateBody>) {
  const { records } = spec;
  const savePicture = (tx: Executor, { storage, userId }: CatalogueRequest, file: FormFile) =>
    saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file, ...records.picture, userId });

  /** Adds a record with its (required) picture; the spec's check runs first. */
  function add(request: CatalogueRequest & { input: AddBody }): Promise<Answer> {
    const { db, actor, input } = request;
    return db.transaction(async (tx) => {
      await spec.check?.({ db: tx, input });
      const picture = await savePicture(tx, request, spec.addPicture(input));
      const { id } = await spec.insert({ db: tx, input, pictureId: picture.id });
      await audit(tx, records, actor, { id, action: 'add' });
      return readBack(records, tx, id);
    });
  }

  /** Edits a record; without a new picture the stored one stays. */
  function edit(request: CatalogueRequest & { id: number; input: UpdateBody }): Promise<Answer> {
    const { db, actor, id, input } = request;
    return db.transaction(async (tx) => {
      const current = await records.lockForUpdate({ db: tx, id });
      if (!current) throw records.notFound();
      const before = await auditBefore(tx, records, id);
      await spec.check?.({ db: tx, input });
      const file = spec.editPicture(input);
      if (!file && records.pictureRequired && records.pictureIdOf(current) === null) throw records.pictureRequired();
      const picture = file ? await savePicture(tx, request, file) : undefined;
      await spec.update({ db: tx, id, input, pictureId: picture?.id });
      await audit(tx, records, actor, { id, action: 'update', before });
      return readBack(records, tx, id);
    });
  }

  /** Removes a record; the spec's inUse may refuse it while the record is locked. */
  async function remove({ db, actor, id }: { db: Database; actor: AuditActor; id: number }): Promise<void> {
    await db.transaction(async (tx) => {
      if (!(await records.lockForUpdate({ db: tx, id }))) throw records.notFound();
      const refusal = await spec.inUse?.({ db: tx, id });
      if (refusal) throw refusal;
      const before = await auditBefore(tx, records, id);
      await spec.remove({ db: tx, id });
      await audit(tx, records, actor, { id, action: 'delete', before });
    });
  }

  return { add, edit, remove };
}

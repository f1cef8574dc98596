import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { accounts } from '../../db/schema/accounting.ts'
import { rowKey } from '../../db/tenant-rows.ts'
import { conflict, validationFailed } from '../../lib/errors.ts'
import {
  accountOf,
  hasPostings,
  isMapped,
  nextGlCode,
  subtreeIds,
  type AccountRow,
} from './account-read.ts'
import { coaSettingsOf } from './fiscal-year.ts'

/** A new account under `parent`, of its type: 409 when the parent has postings of its own. */
export async function createAccount(
  tx: Db,
  instituteId: string,
  parent: AccountRow,
  values: { glCode: string; name: string },
) {
  // Locked, so that no posting to it slips in between this check and the insert.
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(rowKey(accounts, parent.instituteId, parent.id))
    .for('update')
  if (await hasPostings(tx, [parent.id])) {
    throw conflict('has_postings')
  }
  const [row] = await tx
    .insert(accounts)
    .values({
      instituteId,
      parentId: parent.id,
      level: parent.level + 1,
      accountType: parent.accountType,
      glCode: values.glCode,
      name: values.name,
    })
    .returning()
  return row!
}

/**
 * Moves the account under another head of the level above: it and everything under it take
 * the new parent's prefix and type. 422 when the head is inside it or on another level, 409
 * when the head has postings or a change of type would touch postings or mappings.
 */
export async function moveAccount(tx: Db, instituteId: string, row: AccountRow, parentId: string) {
  const parent = await accountOf(tx, instituteId, parentId)
  const subtree = await subtreeIds(tx, row.instituteId, row.id)
  // Locked: postings to these wait until the move is done, and the checks below hold.
  await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(inArray(accounts.id, subtree))
    .for('update')
  if (!parent || subtree.includes(parent.id)) {
    throw validationFailed({ parentId: 'head_inside_account' })
  }
  if (parent.level !== row.level - 1) {
    throw validationFailed({ parentId: 'head_wrong_level' })
  }
  if (await hasPostings(tx, [parent.id])) {
    throw conflict('has_postings')
  }
  if (parent.accountType !== row.accountType) {
    if (await hasPostings(tx, subtree)) {
      throw conflict('postings_keep_type')
    }
    if (await isMapped(tx, subtree)) {
      throw conflict('mapped_type')
    }
  }
  const { levelDigits } = await coaSettingsOf(tx, instituteId)
  const code = await nextGlCode(tx, parent, levelDigits[parent.level]!)
  if (!code) throw validationFailed({ parentId: 'no_free_code' })
  await tx
    .update(accounts)
    .set({
      glCode: sql`${code} || substr(${accounts.glCode}, ${row.glCode.length + 1})`,
      accountType: parent.accountType,
    })
    .where(inArray(accounts.id, subtree))
  await tx
    .update(accounts)
    .set({ parentId: parent.id })
    .where(rowKey(accounts, row.instituteId, row.id))
}

/** The account's name and active flag given. */
export async function updateAccount(
  tx: Db,
  row: AccountRow,
  changes: { name?: string; isActive?: boolean },
) {
  if (Object.keys(changes).length) {
    await tx
      .update(accounts)
      .set(changes)
      .where(rowKey(accounts, row.instituteId, row.id))
  }
}

export async function deleteAccount(tx: Db, row: AccountRow) {
  await tx.delete(accounts).where(rowKey(accounts, row.instituteId, row.id))
}

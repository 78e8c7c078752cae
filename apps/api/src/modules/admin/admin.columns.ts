/**
 * The audit log's JSON columns: one schema each, the column's type in `admin.table.ts` and the one
 * reading of it (the audit repositories). What an action records is its own: a JSON object of
 * anything (a mode switch's modes, a brand's fields, a booking's snapshot), never another value.
 */
import { z } from 'zod';
import { readStoredJson } from '../../lib/stored-json';

/** What an action recorded (`details`), or the record it acted on before or after (`before`, `after`). */
const auditObjectSchema = z.record(z.string(), z.unknown());
export type AuditObject = z.infer<typeof auditObjectSchema>;

export const readAuditDetails = (value: unknown): AuditObject =>
  readStoredJson(auditObjectSchema, 'audit_log.details', value);
/** `before` or `after`: null for an action on no record (a mode switch). */
export const readAuditSnapshot = (
  column: 'before' | 'after',
  value: unknown,
): AuditObject | null =>
  value === null ? null : readStoredJson(auditObjectSchema, `audit_log.${column}`, value);

import { describe, expect, it } from 'vitest';
import { StoredJsonError } from '../../lib/stored-json';
import { readAuditDetails, readAuditSnapshot } from './admin.columns';

describe("the audit log's details and snapshots", () => {
  it('reads what an action recorded, and a record before and after, as written', () => {
    const details = { from: 'test', to: 'live' };
    expect(readAuditDetails(details)).toEqual(details);
    const before = { status: 'confirmed', notes: [{ body: 'Called' }], refund: null };
    expect(readAuditSnapshot('before', before)).toEqual(before);
    expect(readAuditSnapshot('after', null)).toBeNull();
  });

  it('throws a value that is no object, naming the column', () => {
    expect(() => readAuditDetails('mode switched')).toThrow(StoredJsonError);
    expect(() => readAuditDetails(['test', 'live'])).toThrow(/audit_log\.details/);
    expect(() => readAuditSnapshot('after', 42)).toThrow(/audit_log\.after/);
  });
});

import { describe, expect, it } from 'vitest';
import type { AgreementRecord, AgreementRepository } from '../../repositories/agreement-repository';
import { VERIFIED_RIDER } from '../../test/support/session-users';
import { createAgreementService } from './agreement-service';
import { termsDocument } from './terms';

const rider = VERIFIED_RIDER;
const version = termsDocument('he').version;
const at = new Date('2026-11-24T08:00:00.000Z');

/** An agreements table in memory whose inserts fail as told; ids are unique, as the database's primary key. */
function agreementsTable(insertFailure?: Error) {
  const rows: AgreementRecord[] = [];
  const repository = {
    async insert(record: AgreementRecord) {
      if (insertFailure) throw insertFailure;
      if (rows.some((row) => row.id === record.id)) throw new Error('UNIQUE constraint failed: agreement.id');
      rows.push(record);
    },
    async latestFor(userId: string, termsVersion: string) {
      return rows.filter((row) => row.userId === userId && row.termsVersion === termsVersion).at(-1);
    },
  } as unknown as AgreementRepository;
  return { rows, repository };
}

const acceptance = { user: rider, language: 'he' as const, termsVersion: version, userAgent: 'test' };

describe('accepting the terms', () => {
  it('answers the first record when the same person confirms twice within one millisecond', async () => {
    const table = agreementsTable();
    const service = createAgreementService({ agreements: table.repository, now: () => at });
    const first = await service.accept(acceptance);
    const second = await service.accept(acceptance);
    expect(second).toEqual(first);
    expect(table.rows).toHaveLength(1);
  });

  it('fails when the write fails, rather than answering an earlier acceptance as if this one were kept', async () => {
    const earlier = agreementsTable();
    await createAgreementService({
      agreements: earlier.repository,
      now: () => new Date(at.getTime() - 60_000),
    }).accept(acceptance);
    const failing = agreementsTable(new Error('disk I/O error'));
    failing.rows.push(...earlier.rows);
    const service = createAgreementService({ agreements: failing.repository, now: () => at });
    await expect(service.accept(acceptance)).rejects.toThrow('disk I/O error');
  });
});

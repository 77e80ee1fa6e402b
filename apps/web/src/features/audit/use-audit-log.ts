/**
 * The audit log screen's state (docs/product.md#audit-log): page, size and filters from the
 * URL query (audit-state.ts), the page of events and `update` (app/use-url-list.ts), with the
 * 'Failed to load the audit log' toast once per failure and a page past the end sent to the
 * last.
 */
import type { AuditEventParams } from '@solar/api';
import { useAuditEvents } from '@solar/api/react';
import { useUrlList, type ListCodec } from '../../app/use-url-list.ts';
import {
  auditStateToParams,
  auditStateToSearch,
  isAuditFiltered,
  parseAuditState,
  type AuditLogState,
} from './audit-state.ts';

const CODEC: ListCodec<AuditLogState, AuditEventParams> = {
  parse: parseAuditState,
  toSearch: auditStateToSearch,
  toParams: auditStateToParams,
  isFiltered: isAuditFiltered,
};

const LOAD_FAILED = {
  id: 'audit.log.loadFailed',
  defaultMessage: 'Failed to load the audit log',
} as const;

/** The log for the URL's query. */
export const useAuditLog = () => useUrlList(CODEC, useAuditEvents, LOAD_FAILED);

import { diskFull, type ErrorCode, errorBody } from '../errors';

/** What @tus/server sends back when a hook or the store refuses: our usual `{ error: { code, message, details } }`. */
export interface TusRefusal {
  status_code: number;
  body: string;
}

export function refusal(code: ErrorCode, status: number, message: string, details?: unknown): TusRefusal {
  return { status_code: status, body: JSON.stringify(errorBody(code, message, details)) };
}

/** 507 disk-full, as tus sends it: the disk filled up while an upload was created, written or stored. */
export function diskFullRefusal(): TusRefusal {
  const full = diskFull();
  return refusal(full.code, full.status, full.message);
}

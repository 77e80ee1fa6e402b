/**
 * Answers of the fake backend (the OpenAPI document): a status with a JSON body,
 * error replies with the contract's error body, and the early exit (`refuse`, `parse`)
 * that every resource of the fake uses. Pure TypeScript, browser and Node.
 */
import type { ApiErrorBody, ApiErrorCode } from '@solar/domain/contract';
import { errorBody, validationErrorBody, type IssueLike } from '@solar/domain/errors';

/**
 * An answer of the fake: status, body (JSON; a Uint8Array is sent as bytes; undefined for
 * 204) and extra headers.
 */
export interface FakeReply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** The part of a zod schema the fake uses (structural, so no zod import is needed). */
export interface Schema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** An error reply with the contract's body. */
export function errorReply(status: number, code: ApiErrorCode, message?: string): FakeReply {
  return { status, body: errorBody(code, message) };
}

/** A success reply (200 unless told). */
export const ok = (body: unknown, status = 200): FakeReply => ({ status, body });
/** The 204 reply. */
export const noContent: FakeReply = { status: 204 };

/** Thrown inside the fake to answer early with an error reply. */
export class Refusal {
  readonly reply: FakeReply;
  constructor(reply: FakeReply) {
    this.reply = reply;
  }
}

/** Ends the current fake call with an error reply. */
export function refuse(status: number, code: ApiErrorCode, message?: string): never {
  throw new Refusal(errorReply(status, code, message));
}

/** Ends the current fake call with a 400 `validation_failed` naming one field. */
export function refuseField(field: string, message: string): never {
  throw new Refusal({
    status: 400,
    body: errorBody('validation_failed', message, { [field]: message }),
  });
}

/** The parsed input, or a 400 refusal with the schema's field errors. */
export function parse<T>(schema: Schema<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new Refusal({
      status: 400,
      body: validationErrorBody(result.error.issues) satisfies ApiErrorBody,
    });
  }
  return result.data;
}

/** Runs a fake operation, turning a refusal into its error reply. */
export function attempt<T>(work: () => T): T | FakeReply {
  try {
    return work();
  } catch (error) {
    if (error instanceof Refusal) return error.reply;
    throw error;
  }
}

/** Runs a fake operation that answers JSON, turning a refusal into its error reply. */
export const reply = (work: () => FakeReply): FakeReply => attempt(work) as FakeReply;

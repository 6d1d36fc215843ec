import { UpstreamError } from '../../src/index.ts';

/** The UpstreamError a promise rejects with (the test fails if it resolves or rejects with anything else). */
export async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

import { InputRequired } from '../ask-client.ts';
import { StateRejected, type StateSealer } from './state-sealer.ts';
import { invalidParams } from './request-fault.ts';

/** What a request that may ask the client needs to know of its round (SEP-2322). */
export interface RoundsSetup {
  modern: boolean;
  params: Record<string, unknown> | undefined;
  /** The method and what it names (a tool, a prompt, a URI): a sealed state is good for this request only. */
  request: string;
  sealer: StateSealer;
  /** Whether the pack answers this itself (a remote pack's server keeps its own state: passed through as sent). */
  builtIn: boolean;
}

/** Runs the handler with the answers so far (undefined for 2025-era requests) and the state as sent. */
export type RoundRun<Result> = (inputResponses: Record<string, unknown> | undefined, requestState: string | undefined) => Promise<Result>;

/** The `inputResponses` a 2026-07-28 client sent: absent, or an object of objects (anything else is the client's mistake). */
function inputResponsesOf(params: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!params || !('inputResponses' in params)) return undefined;
  const value = params.inputResponses;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParams('Invalid params: inputResponses must be an object of the answers, keyed as inputRequests asked');
  for (const [key, answer] of Object.entries(value)) {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw invalidParams(`Invalid params: inputResponses.${key} must be the client's result object`);
  }
  return value as Record<string, unknown>;
}

/**
 * Runs one request that may ask the client, for either generation of client. A 2026-07-28 request
 * sees every answer given so far (this round's `inputResponses` and the earlier rounds' kept in
 * its sealed `requestState`, checked here: a changed or foreign state is -32602); when the handler
 * asks for more, the request ends with an `input_required` result carrying the questions and the
 * answers so far, sealed. A remote pack's rounds are its server's: passed through as sent.
 */
export async function runWithRounds<Result>(setup: RoundsSetup, run: RoundRun<Result>): Promise<Result | InputRequiredResult> {
  if (!setup.modern) return run(undefined, undefined);
  const sent = inputResponsesOf(setup.params);
  const state = typeof setup.params?.requestState === 'string' ? setup.params.requestState : undefined;
  if (!setup.builtIn) return run(sent ?? {}, state);
  let earlier: Record<string, unknown> = {};
  if (state !== undefined) {
    try {
      earlier = setup.sealer.open(state, setup.request).answers;
    } catch (error) {
      if (error instanceof StateRejected) throw invalidParams(`Invalid params: ${error.message}`, { requestState: 'rejected' });
      throw invalidParams('Invalid params: requestState is not one this server issued', { requestState: 'rejected' });
    }
  }
  const answers = { ...earlier, ...sent };
  try {
    return await run(answers, state);
  } catch (error) {
    if (!(error instanceof InputRequired)) throw error;
    let requestState: string;
    try {
      requestState = setup.sealer.seal({ request: setup.request, answers });
    } catch (sealError) {
      throw invalidParams(`Invalid params: ${(sealError as Error).message}`);
    }
    return new InputRequiredResult(error.inputRequests, requestState);
  }
}

/** The end of a round that needs the client's answers: what `input_required` carries. */
export class InputRequiredResult {
  readonly inputRequests: Record<string, unknown>;
  readonly requestState: string;
  constructor(inputRequests: Record<string, unknown>, requestState: string) {
    this.inputRequests = inputRequests;
    this.requestState = requestState;
  }

  toResult(): Record<string, unknown> {
    return { resultType: 'input_required', inputRequests: this.inputRequests, requestState: this.requestState };
  }
}

/**
 * The client closed or reset the connection before its request was complete. Not a fault of
 * ours and nobody to answer: logged at debug, without a stack (one run of slow clients wrote
 * tens of thousands of error lines with stacks before this existed).
 */
export class ClientAbort extends Error {
  override readonly name = 'ClientAbort';

  constructor() {
    super('the client closed the connection before its request was complete');
  }
}

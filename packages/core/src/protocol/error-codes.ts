/** JSON-RPC error codes: the spec's, then the server range toolgate gives each refusal (docs/protocol.md, "Error codes"). */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** 2025-era revisions: a resources/read of a URI the server does not have (2026-07-28 answers InvalidParams with data.uri, SEP-2164). */
  ResourceNotFound: -32002,
  /** The client closed the connection before its answer was ready (the SDK's name and code). */
  ConnectionClosed: -32000,
  // Refusals at the HTTP layer, one code per cause (docs/protocol.md, "Error codes"): in the
  // server range, -32000 minus (status - 400) for a 4xx status, -32050 minus (status - 500) for a 5xx.
  Unauthorized: -32001,
  Forbidden: -32003,
  NotFound: -32004,
  MethodNotAllowed: -32005,
  NotAcceptable: -32006,
  RequestTimeout: -32008,
  /** A request body over MAX_BODY_BYTES (413), or a batch member's answer past MAX_RESPONSE_BYTES. */
  TooLarge: -32013,
  UnsupportedMediaType: -32015,
  TooManyRequests: -32029,
  ServiceUnavailable: -32053,
  /** 2026-07-28: the request headers and the body disagree. */
  HeaderMismatch: -32020,
  /** 2026-07-28: a tool needs a client capability the request's envelope does not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the envelope names a revision this server does not serve. */
  UnsupportedProtocolVersion: -32022,
} as const;

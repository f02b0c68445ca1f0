// The SDK's Protocol, told that its transport closed, builds a "Connection closed" McpError on
// every close — before it knows whether any server→client request is waiting for it — and an
// Error's construction captures a stack trace. The HTTP endpoint builds and closes a Server per
// request, so that capture was about 1.3% of the gateway's CPU per call (issue #33).
// The error's code and message, and who receives it, stay the SDK's: only its stack is empty.

/**
 * Runs a transport's `onclose` (the Protocol's close handling) with stack capture off, restoring
 * `Error.stackTraceLimit` whatever happens. Synchronous, so no other code runs meanwhile.
 * @example this.inner.onclose = () => closeProtocol(() => this.onclose?.());
 */
export function closeProtocol(onclose: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    onclose();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

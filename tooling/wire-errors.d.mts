// Types of wire-errors.mjs for the TypeScript tests that import it.
/** The part of an SDK client the check uses. */
export interface WireClient {
  readResource(params: { uri: unknown }): Promise<unknown>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}
export declare const BAD_PARAMS_MESSAGE: string;
export declare function expectWireErrors(
  client: WireClient,
  expected: { resource: { uri: string; message: string | RegExp }; unknownTool: string | RegExp },
): Promise<void>;

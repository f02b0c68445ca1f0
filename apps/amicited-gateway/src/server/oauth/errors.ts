// The OAuth endpoints' one refusal: an HTTP status, an RFC 6749 §5.2 / RFC 7591 §3.2.2 error code
// (`invalid_request`, `invalid_grant`, …) and a description naming the field and the fix.
import { CodedError } from "@foundry-mcp/core";

/** A refusal of an OAuth endpoint, answered as `{ error, error_description }`. */
export class OAuthRefusal extends CodedError<string> {
  static override readonly brand: symbol = Symbol.for("@foundry-mcp/amicited-gateway.OAuthRefusal");
  override readonly name = "OAuthRefusal";
  constructor(
    readonly status: number,
    code: string,
    message: string,
  ) {
    super(code, message);
  }
}

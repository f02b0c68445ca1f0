// The mix-up defences (RFC 8414 §3.3, RFC 9207, SEP-2468) and the registration's application_type
// (SEP-837) as rules; test/conformance-auth.test.ts runs them against the suite's authorization
// servers (auth/iss-*, auth/metadata-issuer-mismatch, every registration at 2026-07-28).
import type { AuthorizationServerMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import { describe, expect, it } from "vitest";
import { authorizationResponseIssuerProblem, metadataIssuerProblem } from "../src/auth/issuer-checks";
import { applicationType, StoredOAuthProvider } from "../src/auth/stored-oauth-provider";
import type { StoredOAuthState } from "../src/auth/oauth-types";

const as = "http://127.0.0.1:9000";
function metadata(extra: Record<string, unknown> = {}): AuthorizationServerMetadata {
  return { issuer: as, authorization_endpoint: `${as}/authorize`, token_endpoint: `${as}/token`, response_types_supported: ["code"], ...extra } as AuthorizationServerMetadata;
}

describe("authorization response iss (RFC 9207)", () => {
  it("accepts the recorded issuer exactly, and no iss when the server does not advertise it", () => {
    expect(authorizationResponseIssuerProblem(as, metadata({ authorization_response_iss_parameter_supported: true }))).toBeUndefined();
    expect(authorizationResponseIssuerProblem(null, metadata())).toBeUndefined();
  });

  it("refuses another issuer, a normalized spelling, and a missing iss the server promised", () => {
    expect(authorizationResponseIssuerProblem("https://evil.example.com", metadata())).toBe('the authorization response came from the issuer "https://evil.example.com", not "http://127.0.0.1:9000" (RFC 9207 mix-up defence)');
    expect(authorizationResponseIssuerProblem(`${as}/`, metadata())).toBe('the authorization response came from the issuer "http://127.0.0.1:9000/", not "http://127.0.0.1:9000" (RFC 9207 mix-up defence)');
    expect(authorizationResponseIssuerProblem(null, metadata({ authorization_response_iss_parameter_supported: true }))).toBe('the authorization response has no "iss" although "http://127.0.0.1:9000" advertises authorization_response_iss_parameter_supported (RFC 9207)');
  });
});

describe("authorization server metadata issuer (RFC 8414 §3.3)", () => {
  it("refuses metadata naming another issuer before any of its endpoints is used", () => {
    expect(metadataIssuerProblem(`${as}/`, metadata())).toBeUndefined();
    expect(metadataIssuerProblem(as, metadata({ issuer: "https://attacker.example.com" }))).toBe('the authorization server metadata fetched for http://127.0.0.1:9000 names the issuer "https://attacker.example.com", not that URL (RFC 8414 §3.3); it was not used');
    const states = new Map<string, StoredOAuthState>();
    const provider = new StoredOAuthProvider({ server: "docs", auth: undefined, storage: { loadOAuth: (name) => states.get(name), saveOAuth: (name, state) => void states.set(name, state), clearOAuth: (name) => states.delete(name) }, mode: { kind: "background" }, clientName: "foya" });
    expect(() => provider.saveDiscoveryState({ authorizationServerUrl: as, authorizationServerMetadata: metadata({ issuer: "https://attacker.example.com" }) })).toThrow(/Authorization for "docs" stopped: the authorization server metadata fetched for http:\/\/127\.0\.0\.1:9000 names the issuer "https:\/\/attacker\.example\.com"/);
    expect(states.get("docs")?.discovery).toBeUndefined();
  });
});

describe("dynamic registration application_type (SEP-837)", () => {
  it("is native for loopback and private-use redirects, web for an https redirect elsewhere", () => {
    expect(applicationType("http://127.0.0.1:8123/callback")).toBe("native");
    expect(applicationType("http://localhost:8123/callback")).toBe("native");
    expect(applicationType("com.example.app:/callback")).toBe("native");
    expect(applicationType("https://app.example.com/callback")).toBe("web");
  });

  it("is sent in the registration metadata of a login", () => {
    const provider = new StoredOAuthProvider({ server: "docs", auth: undefined, storage: { loadOAuth: () => undefined, saveOAuth: () => undefined, clearOAuth: () => false }, mode: { kind: "interactive", redirectUrl: "http://127.0.0.1:8123/callback", onAuthorizationUrl: () => undefined }, clientName: "foya" });
    expect(provider.clientMetadata.application_type).toBe("native");
  });
});
